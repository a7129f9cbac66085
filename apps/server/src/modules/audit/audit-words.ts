import type { AuditActor, AuditEntry, AuditPage, AuditRow } from '@simshop/contract';

/**
 * What the console needs to read the audit log and order histories in words: who acted (a staff
 * member's name, a customer, a payment provider...), what object a row is about (a name and the
 * page to open), the currency of its amounts, and names for the ids a change mentions.
 *
 * The audit module sits below staff, accounts and the domains, so it cannot ask them: the names
 * come from an `AuditNamers` handed in by a module above them (modules/history). This file only
 * decides what to ask and assembles the answer; it formats nothing (the console says it in the
 * reader's language).
 */

export type Bilingual = { en: string; zh: string };

/** An object an audit row or a change names, as the namers describe it. */
export interface NamedObject {
  name: Bilingual | null;
  page: AuditPage | null;
  currency: string | null;
}

export interface AuditNamers {
  /** Staff members by id and by email (rows before ids were kept, order events that name an email). */
  staff(ids: readonly number[], emails: readonly string[]): Promise<Array<{ id: number; name: string; email: string }>>;
  /** Customers by id: their nickname and account (email or phone). */
  customers(ids: readonly number[]): Promise<Map<number, { name: string; account: string | null }>>;
  /** Objects by `type:id` (order numbers for orders): their name, page and currency; absent when gone. */
  objects(refs: ReadonlyArray<{ type: string; id: string }>): Promise<Map<string, NamedObject>>;
}

/** An actor as recorded: audit rows keep the staff email, `cli:<user>` or `rule`; order events `admin:<label>`, `user:<id>`, `provider:<key>`, `system`, `system:rule`. */
type Parsed =
  | { kind: 'staff'; email: string; id: number | null }
  | { kind: 'customer'; id: number }
  | { kind: 'provider' | 'cli'; name: string }
  | { kind: 'rule' | 'system' };

export function parseActor(label: string, staffId: number | null = null): Parsed {
  const [head = '', ...rest] = label.split(':');
  const tail = rest.join(':');
  if (head === 'admin' && tail) return parseActor(tail, staffId);
  if (head === 'user' && /^\d+$/.test(tail)) return { kind: 'customer', id: Number(tail) };
  if (head === 'provider' && tail) return { kind: 'provider', name: tail };
  if (head === 'cli') return { kind: 'cli', name: tail || 'owner' };
  if (label === 'rule' || label === 'system:rule') return { kind: 'rule' };
  if (label.includes('@') || staffId !== null) return { kind: 'staff', email: label, id: staffId };
  return { kind: 'system' };
}

/** Resolves recorded actors (with the staff id an audit row keeps) to who they are, one lookup per kind. */
export async function describeActors(actors: ReadonlyArray<{ label: string; staffId: number | null }>, namers: AuditNamers): Promise<(a: { label: string; staffId: number | null }) => AuditActor> {
  const parsed = actors.map((a) => parseActor(a.label, a.staffId));
  const staffIds = new Set<number>();
  const emails = new Set<string>();
  const customerIds = new Set<number>();
  for (const p of parsed) {
    if (p.kind === 'staff') {
      if (p.id !== null) staffIds.add(p.id);
      else emails.add(p.email);
    } else if (p.kind === 'customer') customerIds.add(p.id);
  }
  const [staff, customers] = await Promise.all([
    staffIds.size || emails.size ? namers.staff([...staffIds], [...emails]) : [],
    customerIds.size ? namers.customers([...customerIds]) : new Map<number, { name: string; account: string | null }>(),
  ]);
  return (a) => {
    const p = parseActor(a.label, a.staffId);
    switch (p.kind) {
      case 'staff': {
        const member = staff.find((s) => (p.id !== null ? s.id === p.id : s.email.toLowerCase() === p.email.toLowerCase()));
        return { kind: 'staff', name: member?.name || null, account: member?.email ?? p.email, id: member?.id ?? p.id };
      }
      case 'customer': {
        const c = customers.get(p.id);
        return { kind: 'customer', name: c?.name || null, account: c?.account ?? null, id: p.id };
      }
      case 'provider':
      case 'cli':
        return { kind: p.kind, name: p.name, account: null, id: null };
      default:
        return { kind: p.kind, name: null, account: null, id: null };
    }
  };
}

/** The object a row is about: a SKU's rows open its product; settings and content have one page each. */
function targetRef(row: Pick<AuditRow, 'targetType' | 'targetId'>) {
  return { type: row.targetType, id: row.targetId };
}

/** Fields whose values are ids of objects staff know by name. */
const ID_FIELDS: Readonly<Record<string, string>> = { productId: 'product', productIds: 'product', userId: 'customer', merchantId: 'merchant', orderNo: 'order', couponId: 'coupon' };

/** The ids a change mentions (`productIds: [3, 4]`, `userId: 5`), as refs to name. */
export function mentionedRefs(change: Record<string, unknown> | null): Array<{ type: string; id: string }> {
  if (!change) return [];
  return Object.entries(change).flatMap(([key, value]) => {
    const type = ID_FIELDS[key];
    if (!type) return [];
    const values = Array.isArray(value) ? value : [value];
    return values.filter((v): v is string | number => typeof v === 'number' || (typeof v === 'string' && v !== '')).map((v) => ({ type, id: String(v) }));
  });
}

const refKey = (r: { type: string; id: string }) => `${r.type}:${r.id}`;

/** A balance row keeps its currency in the change; anything else takes its object's. */
function currencyOf(row: AuditRow, object: NamedObject | undefined): string | null {
  const inChange = (row.after?.currency ?? row.before?.currency) as unknown;
  return typeof inChange === 'string' ? inChange : (object?.currency ?? null);
}

/** Audit rows as the console shows them: who, the object's name and page, the currency, names for mentioned ids. */
export async function describeAudit(rows: readonly AuditRow[], namers: AuditNamers): Promise<AuditEntry[]> {
  if (rows.length === 0) return [];
  const refs = new Map<string, { type: string; id: string }>();
  for (const r of rows) for (const ref of [targetRef(r), ...mentionedRefs(r.before), ...mentionedRefs(r.after)]) refs.set(refKey(ref), ref);
  const [who, objects] = await Promise.all([describeActors(rows.map((r) => ({ label: r.actor, staffId: r.staffId })), namers), namers.objects([...refs.values()])]);
  return rows.map((r) => {
    const object = objects.get(refKey(targetRef(r)));
    const names: Record<string, Bilingual> = {};
    for (const ref of [...mentionedRefs(r.before), ...mentionedRefs(r.after)]) {
      const name = objects.get(refKey(ref))?.name;
      if (name) names[refKey(ref)] = name;
    }
    return { ...r, by: who({ label: r.actor, staffId: r.staffId }), target: { name: object?.name ?? null, page: object?.page ?? null }, currency: currencyOf(r, object), names };
  });
}
