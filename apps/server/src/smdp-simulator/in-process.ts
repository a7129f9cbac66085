import { createHash } from 'node:crypto';
import type { SmdpProvider } from '../providers/smdp.ts';
import { luhnDigit } from './simulator.ts';

/**
 * The reseller API sandbox's SM-DP+: simulated profiles given out in this process, in production
 * too (the simulator's HTTP routes are not served there), and kept nowhere. Everything about a
 * profile follows from the call that asked for it (its ICCID from the call identifier, its matching
 * ID from the ICCID), so a retried call gets the same answer, after a restart too, and a busy
 * sandbox holds no memory for its eSIMs. What it does not do: play a phone installing a profile
 * (the HTTP simulator's /device routes), so a sandbox eSIM stays released, never installed.
 */
const digest = (text: string) => createHash('sha256').update(text).digest();

export function createInProcessSmdp(options: { smdpAddress: string }): SmdpProvider {
  return {
    async downloadOrder({ callId }) {
      const body = `8985200${(digest(`iccid:${callId}`).readBigUInt64BE(0) % 10n ** 12n).toString().padStart(12, '0')}`;
      return { iccid: body + luhnDigit(body) };
    },
    async confirmOrder({ iccid }) {
      const matchingId = (digest(`matching:${iccid}`).subarray(0, 10).toString('hex').toUpperCase().match(/.{5}/g) ?? []).join('-');
      return { matchingId, smdpAddress: options.smdpAddress };
    },
    // Nothing is held for a sandbox profile, so nothing is left to cancel.
    async cancelOrder() {},
  };
}
