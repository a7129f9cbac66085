import { createHash } from 'node:crypto';
import { leadingZeroBits, powMessage } from '@simshop/contract';

/**
 * The proof-of-work arithmetic: one SHA-256 to check a counter, so the server spends
 * microseconds on what cost the browser about a second. The browser's search is
 * apps/web/src/features/accounts/proof-of-work.worker.ts; both hash `powMessage`.
 */
export function meetsDifficulty(nonce: string, difficulty: number, counter: string): boolean {
  return leadingZeroBits(createHash('sha256').update(powMessage(nonce, counter)).digest()) >= difficulty;
}

/** Finds the first counter that meets the difficulty: what the browser does, for tests and scripts of our own. */
export function solveProof(nonce: string, difficulty: number): string {
  for (let counter = 0; ; counter++) if (meetsDifficulty(nonce, difficulty, String(counter))) return String(counter);
}
