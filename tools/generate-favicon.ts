/**
 * Writes apps/web/public/favicon-48.png from favicon.svg beside it (the source). Run after changing
 * the SVG: `npx tsx tools/generate-favicon.ts`.
 *
 * Why the page links a PNG: Chrome draws an SVG favicon in the page's own renderer, as
 * a document of its own on the main thread, 30–50 ms of every cold load at a phone's CPU; a PNG is
 * decoded off it. The web app manifest lists the PNG icons only, for the same reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withSvgRasterizer } from './svg-to-webp.ts';

const dir = resolve(import.meta.dirname, '../apps/web/public');
const png = await withSvgRasterizer((toPicture) => toPicture(readFileSync(resolve(dir, 'favicon.svg')), 48, 48, 1, 'image/png'));
writeFileSync(resolve(dir, 'favicon-48.png'), png);
console.log(`favicon-48.png: ${png.length} bytes`);
