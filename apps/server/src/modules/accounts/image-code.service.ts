import { createHash, randomUUID } from 'node:crypto';
import { ACCOUNT_LIMITS, serverErrors } from '@simshop/contract';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as images from './image-code.repository.ts';

// Characters that are easy to tell apart when drawn: no 0/o, 1/l/i.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

const hashAnswer = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.toLowerCase()}`).digest('hex');

/** Draws a new image code (SVG, glyphs as paths, so the answer is not in the markup). */
export async function createImageCode(db: Executor, config: Config, now = Date.now()) {
  const picture = svgCaptcha.create({ size: ACCOUNT_LIMITS.imageCodeLength, charPreset: ALPHABET, noise: 3, color: true, background: '#f7f7f7', width: 120, height: 44 });
  const answer = config.imageCodeFixed ?? picture.text;
  const id = randomUUID();
  const expiresAt = now + ACCOUNT_LIMITS.imageCodeTtlMs;
  await images.insertImageCode(db, { id, answerHash: hashAnswer(id, answer), now, expiresAt });
  if (Math.random() < 0.01) await images.deleteExpiredImageCodes(db, now);
  return { seedId: id, image: `data:image/svg+xml;base64,${Buffer.from(picture.data).toString('base64')}`, expiresAt };
}

/** Checks an answer; the picture is used up either way, so each one allows a single guess. */
export async function checkImageCode(db: Executor, seedId: string, answer: string, now = Date.now()): Promise<void> {
  const row = await images.useImageCode(db, seedId, now);
  if (!row || row.answer_hash !== hashAnswer(seedId, answer)) throw new AppError(serverErrors.imageCodeIncorrect, 'imageCode');
}
