import { createHash } from 'node:crypto';
import { writeOutboxFile } from './file-outbox.ts';

/**
 * The carrier side of devices (DESIGN §4): who a SIM belongs to, its data volume, a diagnosis,
 * recharges and roaming usage. `createCarrierSimulator` stands in for a carrier in development
 * and tests; `createHttpCarrier` speaks a small JSON API to a carrier gateway (CARRIER_URL).
 */
export interface CarrierLine {
  iccid: string;
  msisdn: string;
  carrier: 'cu' | 'cm';
  status: 'active' | 'suspended' | 'inactive';
  plan: string;
}

export interface CarrierVolume {
  totalMb: number;
  usedMb: number;
  expiresAt: number | null;
}

export interface CarrierProvider {
  /** The line behind an ICCID or phone number, or null when this carrier does not know it. */
  lookup(number: string): Promise<CarrierLine | null>;
  volume(iccid: string): Promise<CarrierVolume>;
  diagnose(iccid: string): Promise<Array<{ name: string; ok: boolean }>>;
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

const seedOf = (iccid: string) => createHash('sha256').update(iccid).digest();

/** The PUK the simulator gives a card: made up from its ICCID, like everything else about it. */
export const simulatedPuk = (iccid: string) => String(seedOf(`puk:${iccid}`).readUInt32BE(0) % 1e8).padStart(8, '0');

/**
 * A carrier in memory: lines are made up from the ICCID (the same ICCID always gives the same
 * line). The SMS it "sends" are files in the outbox under `dataDir`, like the shop's own SMS, so
 * a developer, a test or the demo reads the code there.
 */
export function createCarrierSimulator(options: { dataDir: string }): CarrierProvider {
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
  const byNumber = (number: string) => line(number) ?? [...lines.values()].find((l) => l.msisdn === number);
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
 * text}: texts the line) and puk/check ({iccid, puk} → {ok}).
 */
export function createHttpCarrier(baseUrl: string, token: string): CarrierProvider {
  const call = async <T>(operation: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 404 && operation === 'lookup') return null as T;
    if (!res.ok) throw new Error(`carrier ${operation} answered ${res.status}`);
    // Operations that return nothing (setHplmn, sms) may answer with an empty body.
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    lookup: (number) => call('lookup', { number }),
    volume: (iccid) => call('volume', { iccid }),
    diagnose: (iccid) => call('diagnose', { iccid }),
    recharge: (input) => call('recharge', input),
    roaming: (iccid) => call('roaming', { iccid }),
    jtQuery: (number) => call('jt/query', { number }),
    setHplmn: (iccid, hplmn) => call('jt/hplmn', { iccid, ...hplmn }),
    sendSms: (input) => call('sms', input),
    checkPuk: async (iccid, puk) => (await call<{ ok: boolean }>('puk/check', { iccid, puk })).ok === true,
  };
}
