import { randomBytes, randomUUID } from 'node:crypto';
import { ACCOUNT_LIMITS, serverErrors, type CodePurpose, type PowChallenge } from '@simshop/contract';
import type { Config } from '../../config.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { meetsDifficulty } from './proof-of-work.ts';
import * as challenges from './proof-of-work.repository.ts';

/** A new challenge for one purpose: a random nonce, the configured difficulty, five minutes to solve it. */
export async function createChallenge(db: Executor, config: Config, purpose: CodePurpose, now: number): Promise<PowChallenge> {
  const id = randomUUID();
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = now + ACCOUNT_LIMITS.challengeTtlMs;
  await challenges.insertChallenge(db, { id, purpose, nonce, difficulty: config.powDifficulty, now, expiresAt });
  return { seedId: id, nonce, difficulty: config.powDifficulty, expiresAt };
}

/**
 * Deletes the challenges that expired before `before`, a batch at a time (the scheduled round's
 * retention; until then an old one is still told apart as expired rather than unknown).
 */
export const pruneChallenges = (db: Executor, before: number): Promise<number> => deleteInBatches((limit) => challenges.deleteExpiredChallenges(db, before, limit));

/**
 * Accepts a solution once: the challenge is used up by its first answer, right or wrong, and
 * works only for the purpose it was asked for. The difficulty is the one stored with the
 * challenge, so a change of configuration never strands a challenge being solved.
 */
export async function checkProof(db: Executor, input: { seedId: string; purpose: CodePurpose; solution: string }, now: number): Promise<void> {
  const row = await challenges.findChallenge(db, input.seedId);
  if (!row) throw new AppError(serverErrors.proofIncorrect, 'seedId');
  if (row.purpose !== input.purpose) throw new AppError(serverErrors.proofOtherPurpose, 'seedId');
  if (row.used_at !== null) throw new AppError(serverErrors.proofUsed, 'seedId');
  if (row.expires_at <= now) throw new AppError(serverErrors.proofExpired, 'seedId');
  if (!(await challenges.useChallenge(db, row.id, now))) throw new AppError(serverErrors.proofUsed, 'seedId');
  if (!meetsDifficulty(row.nonce, row.difficulty, input.solution)) throw new AppError(serverErrors.proofIncorrect, 'solution');
}
