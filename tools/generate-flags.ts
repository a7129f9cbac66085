/**
 * Writes apps/web/public/flags/<code>.webp: every country's flag of COUNTRY_CODES as a small
 * picture, drawn by Debian's chromium from the flag-icons package's 4:3 SVGs (MIT). Run after
 * adding a code: `npx tsx tools/generate-flags.ts` (it fetches the pinned package with `npm pack`,
 * so the shop carries no dependency for it).
 *
 * Why pictures and not the Unicode flags: Windows draws no flag emoji (a traveller
 * there saw "JP"), and a first layout with emoji flags loads the colour emoji font, which cost
 * home and goods 150–350 ms of blocking time at a phone's CPU in a cold browser. An SVG per flag
 * would cost a document each (see tools/svg-to-webp.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COUNTRY_CODES } from '../packages/contract/src/countries.ts';
import { withSvgRasterizer } from './svg-to-webp.ts';

const PACKAGE = 'flag-icons@7.5.0';
/** 4:3, twice the 32 × 24 the largest list shows (the destination page's 40 px head is the exception). */
const WIDTH = 64;
const HEIGHT = 48;
const QUALITY = 0.9;

const out = resolve(import.meta.dirname, '../apps/web/public/flags');
const work = mkdtempSync(join(tmpdir(), 'flags-'));
try {
  execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('sh', ['-c', 'tar xzf *.tgz'], { cwd: work });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  await withSvgRasterizer(async (toWebp) => {
    for (const code of COUNTRY_CODES) {
      const webp = await toWebp(readFileSync(join(work, 'package/flags/4x3', `${code.toLowerCase()}.svg`)), WIDTH, HEIGHT, QUALITY);
      writeFileSync(join(out, `${code.toLowerCase()}.webp`), webp);
      bytes += webp.length;
    }
  });
  console.log(`${COUNTRY_CODES.length} flags, ${(bytes / 1024).toFixed(1)} KB, in ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
