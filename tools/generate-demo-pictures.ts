/**
 * Writes apps/server/static/demo/<name>.webp next to each demo artwork SVG there (the sources, kept
 * and still served): the demo data shows the WebP, as a shop's own photos would be shown. Run
 * after changing an SVG: `npx tsx tools/generate-demo-pictures.ts`.
 *
 * Why not the SVGs (issue 11): each SVG on a page is a document of its own, built and painted on
 * the main thread; home's two banners and the product art cost 50–150 ms of blocking time at a
 * phone's CPU in a cold browser (see tools/svg-to-webp.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withSvgRasterizer } from './svg-to-webp.ts';

/** Every demo artwork is drawn 750 × 360: a banner's full width on a 3x phone is about 1,100 px, two thirds of which is plenty for flat art. */
const WIDTH = 750;
const HEIGHT = 360;
const QUALITY = 0.85;

const dir = resolve(import.meta.dirname, '../apps/server/static/demo');
const sources = readdirSync(dir).filter((f) => f.endsWith('.svg'));
await withSvgRasterizer(async (toWebp) => {
  for (const file of sources) {
    const webp = await toWebp(readFileSync(join(dir, file)), WIDTH, HEIGHT, QUALITY);
    writeFileSync(join(dir, file.replace(/\.svg$/, '.webp')), webp);
    console.log(`${file.replace(/\.svg$/, '.webp')}: ${(webp.length / 1024).toFixed(1)} KB`);
  }
});
