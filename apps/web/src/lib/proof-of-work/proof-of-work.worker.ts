import { leadingZeroBits, powDigest, powMessage } from '@simshop/contract';
import type { PowWorkerReply, PowWorkerRequest } from './messages';

/**
 * Searches for the counter whose SHA-256(nonce:counter) starts with `difficulty` zero bits, off the
 * page's thread so the page stays responsive. Digests run in batches: many in flight at once
 * hide the cost of one promise per hash.
 */
const BATCH = 128;
const REPORT_EVERY_MS = 100;
const encoder = new TextEncoder();

async function digests(nonce: string, from: number): Promise<Uint8Array[]> {
  // crypto.subtle exists only on HTTPS (and localhost) pages; the JavaScript hash is the slow fallback.
  if (globalThis.crypto?.subtle) {
    const buffers = await Promise.all(Array.from({ length: BATCH }, (_, i) => crypto.subtle.digest('SHA-256', encoder.encode(powMessage(nonce, from + i)))));
    return buffers.map((b) => new Uint8Array(b));
  }
  return Array.from({ length: BATCH }, (_, i) => powDigest(nonce, from + i));
}

const reply = (message: PowWorkerReply) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<PowWorkerRequest>) => {
  const { nonce, difficulty } = event.data;
  try {
    let lastReport = performance.now();
    for (let from = 0; ; from += BATCH) {
      const hashes = await digests(nonce, from);
      const found = hashes.findIndex((h) => leadingZeroBits(h) >= difficulty);
      if (found >= 0) return reply({ type: 'done', solution: String(from + found), tried: from + found + 1 });
      if (performance.now() - lastReport >= REPORT_EVERY_MS) {
        lastReport = performance.now();
        reply({ type: 'progress', tried: from + BATCH });
      }
    }
  } catch (err) {
    reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
