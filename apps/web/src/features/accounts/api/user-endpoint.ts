import { getSession } from '@/lib/session';

/** SPEC §6: a reseller session uses the reseller user endpoint; everyone else the regular one. */
export function userEndpoint(): 'user' | 'resellerUser' {
  return getSession().reseller ? 'resellerUser' : 'user';
}
