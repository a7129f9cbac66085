import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** SS + UTC yyyyMMddHHmmss + 6 random characters: sortable, unguessable enough to read out on the phone. */
export function newOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  const tail = [...randomBytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `SS${stamp}${tail}`;
}
