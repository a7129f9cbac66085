import { LIMITS, STORAGE_KEYS, type Address } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { readStored, writeStored } from '@/lib/storage';

/**
 * SPEC §4 address cache: the list is kept under the address-info key with `gmtUpdated`, and
 * fetched again when older than 5 minutes, when forced, or when empty.
 */
export async function loadAddresses(force = false): Promise<Address[]> {
  const cached = readStored(STORAGE_KEYS.addressInfo) as { addrList?: Address[]; gmtUpdated?: number } | null;
  const fresh = cached?.addrList?.length && typeof cached.gmtUpdated === 'number' && Date.now() - cached.gmtUpdated < LIMITS.addressCacheMs;
  if (!force && fresh) return cached!.addrList!;
  const res = await call('address', 'list', { page: 1, size: LIMITS.addressPageSize });
  writeStored(STORAGE_KEYS.addressInfo, { addrList: res.items, gmtUpdated: Date.now() });
  return res.items;
}

export function forgetAddresses(): void {
  writeStored(STORAGE_KEYS.addressInfo, { addrList: [], gmtUpdated: 0 });
}
