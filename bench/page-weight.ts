import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Page weight of the built web app: what the first screen downloads (index.html plus the entry
 * script, its modulepreloads and stylesheets, gzip-compressed) and the whole build.
 */
export interface PageWeight {
  firstScreenGzipBytes: number;
  firstScreenFiles: Array<{ file: string; bytes: number; gzipBytes: number }>;
  totalGzipBytes: number;
  chunkCount: number;
}

export function measurePageWeight(dist = resolve(import.meta.dirname, '../apps/web/dist')): PageWeight {
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run build first`);
  const html = readFileSync(indexFile, 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/uni\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const weigh = (file: string) => {
    const bytes = readFileSync(join(dist, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  const firstScreenFiles = [{ file: 'index.html', bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length }, ...referenced.map(weigh)];
  const assets = readdirSync(join(dist, 'assets')).filter((f) => statSync(join(dist, 'assets', f)).isFile());
  return {
    firstScreenGzipBytes: firstScreenFiles.reduce((s, f) => s + f.gzipBytes, 0),
    firstScreenFiles,
    totalGzipBytes: assets.map((f) => weigh(join('assets', f)).gzipBytes).reduce((a, b) => a + b, 0),
    chunkCount: assets.filter((f) => f.endsWith('.js')).length,
  };
}
