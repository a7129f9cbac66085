/**
 * Writes apps/web/public/flags/<code>.webp: every country's flag of COUNTRY_CODES as a small
 * picture, drawn by Debian's chromium from the flag-icons package's 4:3 SVGs (MIT). Run after
 * adding a code: `npx tsx tools/generate-flags.ts` (it fetches the pinned package with `npm pack`,
 * so the shop carries no dependency for it).
 *
 * Why pictures and not the Unicode flags (issue 11): Windows draws no flag emoji (a traveller
 * there saw "JP"), and a first layout with emoji flags loads the colour emoji font, which cost
 * home and goods 150–350 ms of blocking time at a phone's CPU in a cold browser. An SVG per flag
 * would cost a document each (25–60 ms apiece in the same trace); a raster is decoded off the
 * main thread.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { COUNTRY_CODES } from '../packages/contract/src/countries.ts';

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
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--headless=new'] });
  const page = await browser.newPage();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  for (const code of COUNTRY_CODES) {
    const svg = readFileSync(join(work, 'package/flags/4x3', `${code.toLowerCase()}.svg`));
    const dataUrl: string = await page.evaluate(
      async ({ source, width, height, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')!.drawImage(image, 0, 0, width, height);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: `data:image/svg+xml;base64,${svg.toString('base64')}`, width: WIDTH, height: HEIGHT, quality: QUALITY },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (!dataUrl.startsWith('data:image/webp')) throw new Error(`chromium wrote no WebP for ${code}`);
    writeFileSync(join(out, `${code.toLowerCase()}.webp`), webp);
    bytes += webp.length;
  }
  await browser.close();
  console.log(`${COUNTRY_CODES.length} flags, ${(bytes / 1024).toFixed(1)} KB, in ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
