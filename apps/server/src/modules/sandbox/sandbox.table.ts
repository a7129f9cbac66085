import type { Millis } from '../../db/column-types.ts';

/** Migration 0071, in the sandbox's database only: what was last copied from the live shop, by the fingerprint of its live rows. */
export interface SandboxMirrorTable {
  /** `catalogue`, or `user:<id>`. */
  what: string;
  fingerprint: string;
  mirrored_at: Millis;
}
