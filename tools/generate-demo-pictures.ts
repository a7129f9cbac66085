/**
 * Writes apps/server/static/{demo,blog}/<name>.webp next to each artwork SVG there (the sources, kept
 * and still served): the demo data shows the WebP, as a shop's own photos would be shown. Run
 * after changing an SVG: `npx tsx tools/generate-demo-pictures.ts`.
 *
 * Why not the SVGs: each SVG on a page is a document of its own, built and painted on
 * the main thread; home's two banners and the product art cost 50–150 ms of blocking time at a
 * phone's CPU in a cold browser (see tools/svg-to-webp.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withSvgRasterizer } from './svg-to-webp.ts';

/**
 * Each artwork is drawn at the size its SVG declares (750 wide: a banner's full width on a 3x
 * phone is about 1,100 px, two thirds of which is plenty for flat art).
 */
const QUALITY = 0.85;
/** The demo art of the catalogue and home, and the shop's own blog covers. */
const FOLDERS = ['demo', 'blog'].map((name) => resolve(import.meta.dirname, '../apps/server/static', name));

await withSvgRasterizer(async (toWebp) => {
  for (const dir of FOLDERS) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(join(dir, file));
      const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg.toString('utf8'));
      if (!size) throw new Error(`${file}: the <svg> element names no width and height`);
      const webp = await toWebp(svg, Number(size[1]), Number(size[2]), QUALITY);
      writeFileSync(join(dir, file.replace(/\.svg$/, '.webp')), webp);
      console.log(`${file.replace(/\.svg$/, '.webp')}: ${(webp.length / 1024).toFixed(1)} KB`);
    }
  }
});
