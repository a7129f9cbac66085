import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Esim } from '@simshop/contract';

// A localStorage for node: the store and the session read the same one the browser would.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

// The Cache API the service worker fills: which caches exist.
const cacheNames = new Set<string>();
vi.stubGlobal('caches', { delete: async (name: string) => cacheNames.delete(name) });

vi.resetModules();
const { refreshSession } = await import('@/lib/session');
const { OFFLINE_ESIMS_KEY, offlineEsimDetail, offlineEsimList, saveEsimDetail, saveEsimList, watchSessionForOfflineEsims } = await import('./offline-esims');

const esim = (id: number, activationCode: string): Esim =>
  ({
  id,
  class: 1,
  name: `eSIM ${id}`,
  orderNo: null,
  activationCode,
  dpAddress: 'smdp.example',
  lpa: `LPA:1$smdp.example$${activationCode}`,
  iccid: null,
  eid: null,
  remark: '',
  scanTimes: 0,
  assignedAt: 1,
  added: false,
  addedAt: null,
  status: 1,
  activationStatus: 1,
  installLog: [{ type: 1, eid: null, at: 5 }],
}) as unknown as Esim;
const item = (e: Esim) => {
  const { installLog: _log, ...rest } = e;
  return { ...rest, coverage: ['JP'] };
};

function signIn(id: number): void {
  store.set('simshop.token', JSON.stringify(`token-${id}`));
  store.set('simshop.userInfo', JSON.stringify({ id, nickname: `user ${id}` }));
  refreshSession();
}

describe('the eSIMs kept for offline use', () => {
  beforeEach(() => {
    store.clear();
    refreshSession();
  });

  it('gives back the list and each eSIM as saved, with when', () => {
    signIn(7);
    expect(offlineEsimList()).toBeNull();
    saveEsimList([item(esim(1, 'AAA')), item(esim(2, 'BBB'))], 1000);
    saveEsimDetail(esim(2, 'BBB'), 2000);
    expect(offlineEsimList()).toEqual({ data: [item(esim(1, 'AAA')), item(esim(2, 'BBB'))], savedAt: 1000 });
    expect(offlineEsimDetail(2)).toEqual({ data: esim(2, 'BBB'), savedAt: 2000 });
    // Never opened online: its list entry has the install data (neither the log, the usage nor the packages are known).
    expect(offlineEsimDetail(1)).toEqual({ data: { ...item(esim(1, 'AAA')), installLog: [], usage: null, packages: [] }, savedAt: 1000 });
    expect(offlineEsimDetail(3)).toBeNull();
  });

  it('drops the detail of an eSIM that left the list', () => {
    signIn(7);
    saveEsimList([item(esim(1, 'AAA')), item(esim(2, 'BBB'))], 1000);
    saveEsimDetail(esim(2, 'BBB'), 2000);
    saveEsimList([item(esim(1, 'AAA'))], 3000);
    expect(offlineEsimDetail(2)).toBeNull();
  });

  it('saves nothing for someone signed out', () => {
    saveEsimList([item(esim(1, 'AAA'))], 1000);
    expect(store.has(OFFLINE_ESIMS_KEY)).toBe(false);
  });

  it("never shows one user's eSIMs to another, and removes them", () => {
    signIn(7);
    saveEsimList([item(esim(1, 'AAA'))], 1000);
    signIn(8);
    expect(offlineEsimList()).toBeNull();
    expect(offlineEsimDetail(1)).toBeNull();
    expect(store.has(OFFLINE_ESIMS_KEY)).toBe(false);
  });

  it('removes them when the session ends', () => {
    signIn(7);
    watchSessionForOfflineEsims();
    saveEsimList([item(esim(1, 'AAA'))], 1000);
    store.delete('simshop.token');
    refreshSession();
    expect(store.has(OFFLINE_ESIMS_KEY)).toBe(false);
  });

  it("deletes the service worker's saved pages at sign-out and when another account signs in, not its build files", async () => {
    signIn(7);
    watchSessionForOfflineEsims();
    cacheNames.add('simshop-pages').add('simshop-shell-abc');
    signIn(7);
    await Promise.resolve();
    expect([...cacheNames]).toEqual(['simshop-pages', 'simshop-shell-abc']);
    signIn(8);
    await vi.waitFor(() => expect([...cacheNames]).toEqual(['simshop-shell-abc']));
    cacheNames.add('simshop-pages');
    store.delete('simshop.token');
    refreshSession();
    await vi.waitFor(() => expect([...cacheNames]).toEqual(['simshop-shell-abc']));
  });

  it('ignores a copy that is not one (hand-edited storage)', () => {
    signIn(7);
    store.set(OFFLINE_ESIMS_KEY, '{"owner":7,"list":"no"}');
    expect(offlineEsimList()).toBeNull();
    expect(store.has(OFFLINE_ESIMS_KEY)).toBe(false);
  });
});
