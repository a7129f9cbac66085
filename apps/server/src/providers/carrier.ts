import { createHash } from 'node:crypto';
import type { DeviceCarrier } from '@simshop/contract';
import { writeOutboxFile } from './file-outbox.ts';

/**
 * The carrier side of devices (DESIGN §4): who a SIM belongs to, its data volume, a diagnosis,
 * recharges and roaming usage. `createCarrierSimulator` stands in for a carrier in development
 * and tests; `createHttpCarrier` speaks a small JSON API to a carrier gateway (CARRIER_URL).
 */
export interface CarrierLine {
  iccid: string;
  msisdn: string;
  carrier: DeviceCarrier;
  status: 'active' | 'suspended' | 'inactive';
  plan: string;
}

export interface CarrierVolume {
  totalMb: number;
  usedMb: number;
  expiresAt: number | null;
}

/** What the network saw of a travel eSIM: the data it used and when it first connected. */
export interface DataUsage {
  /** MB used since the profile first connected, every destination together. */
  usedMb: number;
  /** When the profile first attached to a network (epoch ms); null: never yet. */
  firstAttachAt: number | null;
}

export interface CarrierProvider {
  /** The line behind an ICCID or phone number, or null when this carrier does not know it. */
  lookup(number: string): Promise<CarrierLine | null>;
  volume(iccid: string): Promise<CarrierVolume>;
  /** A travel eSIM's data use by its ICCID, or null when this carrier does not serve it. */
  dataUsage(iccid: string): Promise<DataUsage | null>;
  diagnose(iccid: string): Promise<Array<{ name: string; ok: boolean }>>;
  /**
   * Adds a data package to a travel eSIM the network serves (its data on top, its days after the
   * current end); the reference makes a retried call count once, like an issue at the SM-DP+.
   */
  addPackage(input: { iccid: string; dataMb: number | null; days: number; reference: string }): Promise<{ carrierRef: string }>;
  /** The packages added to a travel eSIM, in the order they were added. */
  packages(iccid: string): Promise<AddedPackage[]>;
  /** Adds data; the reference makes a retried recharge count once. */
  recharge(input: { number: string; volumeMb: number; reference: string }): Promise<{ carrierRef: string }>;
  roaming(iccid: string): Promise<Array<{ country: string; mcc: string; usedMb: number; day: string }>>;
  /** SuperSIM (JT network): the line behind an EID or ICCID, or null. */
  jtQuery(number: string): Promise<JtLine | null>;
  setHplmn(iccid: string, hplmn: { mcc: string; mnc: string }): Promise<void>;
  /**
   * Texts the line of a SIM (SIM or SuperSIM), as the carrier does for its own codes: only the
   * one holding the card reads it. Used to prove a line is yours before binding it.
   */
  sendSms(input: { iccid: string; text: string }): Promise<void>;
  /** Whether this is the card's PUK (the carrier keeps it; it is printed on the card holder). */
  checkPuk(iccid: string, puk: string): Promise<boolean>;
}

export interface AddedPackage {
  reference: string;
  carrierRef: string;
  /** MB; null: unlimited. */
  dataMb: number | null;
  days: number;
  addedAt: number;
}

export interface JtLine {
  iccid: string;
  msisdn: string;
  expiryDate: string;
  hplmn: { mcc: string; mnc: string };
}

/** JT's ICCIDs start with 8944 (UK country code, JT's issuer). */
export const isJtIccid = (iccid: string) => /^8944\d{14,18}$/.test(iccid);

// ICCID issuer prefixes of the two carriers the shop sells (ITU-T E.118: 89 86 + issuer).
const PREFIXES: Record<string, 'cu' | 'cm'> = { '898601': 'cu', '898606': 'cu', '898609': 'cu', '898600': 'cm', '898602': 'cm', '898604': 'cm', '898607': 'cm' };

export function carrierOfIccid(iccid: string): 'cu' | 'cm' | null {
  return PREFIXES[iccid.slice(0, 6)] ?? null;
}

// Mainland mobile number blocks of the same two carriers (China Telecom's, e.g. 133, 153, 189, 199, are not sold).
const PHONE_BLOCKS: Record<string, 'cu' | 'cm'> = Object.fromEntries([
  ...['130', '131', '132', '155', '156', '166', '175', '176', '185', '186'].map((p) => [p, 'cu' as const]),
  ...['134', '135', '136', '137', '138', '139', '147', '150', '151', '152', '157', '158', '159', '178', '182', '183', '184', '187', '188', '198'].map((p) => [p, 'cm' as const]),
]);

export const carrierOfPhone = (number: string): 'cu' | 'cm' | null => (/^1\d{10}$/.test(number) ? (PHONE_BLOCKS[number.slice(0, 3)] ?? null) : null);

const seedOf = (iccid: string) => createHash('sha256').update(iccid).digest();

/** The PUK the simulator gives a card: made up from its ICCID, like everything else about it. */
export const simulatedPuk = (iccid: string) => String(seedOf(`puk:${iccid}`).readUInt32BE(0) % 1e8).padStart(8, '0');

/** Any ICCID (ITU-T E.118: 89, then 16 to 18 digits): the simulator serves every travel eSIM. */
const isIccid = (iccid: string) => /^89\d{16,18}$/.test(iccid);

const DAY_MS = 86_400_000;

/**
 * The simulated data use of an eSIM that first connected at `since`: the phone's first updates
 * (4–33 MB) at once, then a steady traveller's day (250–850 MB), both fixed by the ICCID, so the
 * same eSIM at the same moment always shows the same figure and it only grows.
 */
export function simulatedUsedMb(iccid: string, since: number, now: number): number {
  const seed = seedOf(`usage:${iccid}`);
  const burst = 4 + (seed[0]! % 30);
  const perDay = 250 + ((seed[1]! * 4) % 600);
  return Math.floor(burst + (perDay * Math.max(0, now - since)) / DAY_MS);
}

/** The carrier simulator: a carrier, plus the network seeing a phone connect with a profile. */
export interface CarrierSimulator extends CarrierProvider {
  /** A phone connected with this eSIM (the SM-DP+ simulator calls it on install and enable); the first time counts. */
  attach(iccid: string, at: number): void;
}

export const isCarrierSimulator = (carrier: CarrierProvider | null): carrier is CarrierSimulator => carrier !== null && 'attach' in carrier;

/**
 * A carrier in memory: lines are made up from the ICCID (the same ICCID always gives the same
 * line). The SMS it "sends" are files in the outbox under `dataDir`, like the shop's own SMS, so
 * a developer, a test or the demo reads the code there. Travel eSIMs use data from the moment a
 * phone attaches with them (`attach`), as `simulatedUsedMb` says; `now` is the clock it reads.
 */
export function createCarrierSimulator(options: { dataDir: string; now?: () => number }): CarrierSimulator {
  const clock = options.now ?? Date.now;
  const attached = new Map<string, number>();
  const added = new Map<string, AddedPackage[]>();
  const lines = new Map<string, CarrierLine & { totalMb: number; usedMb: number; refs: Set<string> }>();
  const line = (iccid: string) => {
    let l = lines.get(iccid);
    const carrier = carrierOfIccid(iccid);
    if (!l && carrier) {
      const seed = seedOf(iccid);
      const msisdn = `${carrier === 'cu' ? '186' : '139'}${String(seed.readUInt32BE(0) % 1e8).padStart(8, '0')}`;
      l = { iccid, msisdn, carrier, status: 'active', plan: carrier === 'cu' ? 'Unicom 30 GB' : 'Mobile 20 GB', totalMb: 10_000 + (seed[4]! % 20) * 1000, usedMb: (seed[5]! % 80) * 100, refs: new Set() };
      lines.set(iccid, l);
    }
    return l;
  };
  // A mainland mobile number of one of the two carriers is a line of its own: its card's ICCID is made up from it.
  const byPhone = (number: string) => {
    const carrier = carrierOfPhone(number);
    if (!carrier) return undefined;
    const l = line(`${carrier === 'cu' ? '898601' : '898600'}${String(seedOf(`phone:${number}`).readBigUInt64BE(0)).padStart(20, '0').slice(0, 13)}`);
    if (l) l.msisdn = number;
    return l;
  };
  const byNumber = (number: string) => line(number) ?? [...lines.values()].find((l) => l.msisdn === number) ?? byPhone(number);
  const jt = new Map<string, JtLine>();
  const jtLine = (number: string): JtLine | null => {
    // An EID stands for the SuperSIM profile on that device: the simulator derives its ICCID.
    const iccid = /^\d{32}$/.test(number) ? `894450${String(seedOf(number).readUInt32BE(0)).padStart(13, '0').slice(0, 13)}` : number;
    if (!isJtIccid(iccid)) return null;
    let l = jt.get(iccid);
    if (!l) {
      const seed = seedOf(iccid);
      l = { iccid, msisdn: `447781${String(seed.readUInt32BE(0) % 1e6).padStart(6, '0')}`, expiryDate: new Date(Date.UTC(2027, seed[4]! % 12, 1 + (seed[5]! % 28))).toISOString().slice(0, 10), hplmn: { mcc: '234', mnc: '050' } };
      jt.set(iccid, l);
    }
    return l;
  };
  return {
    attach(iccid, at) {
      if (!attached.has(iccid)) attached.set(iccid, at);
    },
    async dataUsage(iccid) {
      if (!isIccid(iccid)) return null;
      const since = attached.get(iccid);
      return since === undefined ? { usedMb: 0, firstAttachAt: null } : { usedMb: simulatedUsedMb(iccid, since, clock()), firstAttachAt: since };
    },
    async addPackage(input) {
      if (!isIccid(input.iccid)) throw new Error(`unknown eSIM ${input.iccid}`);
      const list = added.get(input.iccid) ?? [];
      let pkg = list.find((p) => p.reference === input.reference);
      if (!pkg) {
        pkg = { reference: input.reference, carrierRef: `SIMPK${createHash('sha256').update(input.reference).digest('hex').slice(0, 12).toUpperCase()}`, dataMb: input.dataMb, days: input.days, addedAt: clock() };
        added.set(input.iccid, [...list, pkg]);
      }
      return { carrierRef: pkg.carrierRef };
    },
    async packages(iccid) {
      return (added.get(iccid) ?? []).map((p) => ({ ...p }));
    },
    async sendSms(input) {
      const msisdn = line(input.iccid)?.msisdn ?? jtLine(input.iccid)?.msisdn;
      if (!msisdn) throw new Error('unknown line');
      await writeOutboxFile(options.dataDir, 'sms', msisdn, { text: input.text, iccid: input.iccid, via: 'carrier' });
    },
    async checkPuk(iccid, puk) {
      if (!line(iccid) && !jtLine(iccid)) return false;
      return puk === simulatedPuk(iccid);
    },
    async jtQuery(number) {
      const l = jtLine(number);
      return l ? { ...l, hplmn: { ...l.hplmn } } : null;
    },
    async setHplmn(iccid, hplmn) {
      const l = jtLine(iccid);
      if (!l) throw new Error('unknown SuperSIM');
      l.hplmn = { ...hplmn };
    },
    async lookup(number) {
      const l = byNumber(number);
      return l ? { iccid: l.iccid, msisdn: l.msisdn, carrier: l.carrier, status: l.status, plan: l.plan } : null;
    },
    async volume(iccid) {
      const l = line(iccid);
      if (!l) throw new Error('unknown line');
      return { totalMb: l.totalMb, usedMb: l.usedMb, expiresAt: null };
    },
    async diagnose(iccid) {
      const l = line(iccid);
      if (!l) throw new Error('unknown line');
      return [
        { name: 'registered', ok: l.status === 'active' },
        { name: 'data_enabled', ok: l.status === 'active' },
        { name: 'balance', ok: l.usedMb < l.totalMb },
      ];
    },
    async recharge(input) {
      const l = byNumber(input.number);
      if (!l) throw new Error(`unknown line ${input.number}`);
      if (!l.refs.has(input.reference)) {
        l.refs.add(input.reference);
        l.totalMb += input.volumeMb;
      }
      return { carrierRef: `SIMRC${createHash('sha256').update(input.reference).digest('hex').slice(0, 12).toUpperCase()}` };
    },
    async roaming(iccid) {
      const l = line(iccid);
      if (!l) throw new Error('unknown line');
      const seed = seedOf(iccid);
      const countries = [['Hong Kong', '454'], ['Japan', '440'], ['Thailand', '520']] as const;
      return countries.slice(0, 1 + (seed[6]! % 3)).map(([country, mcc], i) => ({ country, mcc, usedMb: 50 + seed[7 + i]! * 3, day: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10) }));
    },
  };
}

/**
 * A carrier gateway speaking JSON: POST {CARRIER_URL}/<operation> with a bearer token. The
 * operations: lookup, volume, diagnose, recharge, roaming, jt/query, jt/hplmn, sms ({iccid,
 * text}: texts the line), puk/check ({iccid, puk} → {ok}), usage ({iccid} → {usedMb,
 * firstAttachAt}, 404 for an eSIM it does not serve), package/add ({iccid, dataMb, days,
 * reference} → {carrierRef}, once per reference) and packages ({iccid} → {items}).
 */
export function createHttpCarrier(baseUrl: string, token: string): CarrierProvider {
  const call = async <T>(operation: string, body: unknown, timeoutMs = 15_000): Promise<T> => {
    const res = await fetch(`${baseUrl}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 404 && (operation === 'lookup' || operation === 'usage')) return null as T;
    if (!res.ok) throw new Error(`carrier ${operation} answered ${res.status}`);
    // Operations that return nothing (setHplmn, sms) may answer with an empty body.
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    lookup: (number) => call('lookup', { number }),
    volume: (iccid) => call('volume', { iccid }),
    // A page waits for it: a slow gateway shows "usage unknown" after 4 s rather than hold the page.
    dataUsage: async (iccid) => {
      const answer = await call<{ usedMb?: unknown; firstAttachAt?: unknown } | null>('usage', { iccid }, 4_000);
      if (answer === null) return null;
      const { usedMb, firstAttachAt } = answer;
      if (typeof usedMb !== 'number' || !Number.isFinite(usedMb) || usedMb < 0) throw new Error('carrier usage answered without a valid usedMb');
      if (firstAttachAt !== null && (typeof firstAttachAt !== 'number' || !Number.isFinite(firstAttachAt))) throw new Error('carrier usage answered without a valid firstAttachAt');
      return { usedMb, firstAttachAt };
    },
    diagnose: (iccid) => call('diagnose', { iccid }),
    recharge: (input) => call('recharge', input),
    addPackage: (input) => call('package/add', input),
    packages: async (iccid) => (await call<{ items: AddedPackage[] }>('packages', { iccid })).items,
    roaming: (iccid) => call('roaming', { iccid }),
    jtQuery: (number) => call('jt/query', { number }),
    setHplmn: (iccid, hplmn) => call('jt/hplmn', { iccid, ...hplmn }),
    sendSms: (input) => call('sms', input),
    checkPuk: async (iccid, puk) => (await call<{ ok: boolean }>('puk/check', { iccid, puk })).ok === true,
  };
}
