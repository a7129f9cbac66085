import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * The node flags of the start script beside a build (`node <flags> dist/server.mjs` in
 * apps/server/package.json), so the bench runs the server as `npm start` does; none when the
 * build has no package.json beside it (a baseline built before the bench copied it).
 */
export function startFlags(build: string): string[] {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(dirname(build)), 'package.json'), 'utf8')) as { scripts?: { start?: string } };
    const words = (pkg.scripts?.start ?? '').split(/\s+/).filter(Boolean);
    if (words[0] !== 'node') throw new Error(`the start script is not \`node <flags> dist/server.mjs\`: ${pkg.scripts?.start}`);
    return words.slice(1, -1);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Builds the server as `npm start` does (the same esbuild command as apps/server's build script),
 * but into `dir` rather than apps/server/dist, which `npm start` and the browser tests use while
 * someone may be benchmarking. The bundle lands at the same depth as the real one
 * (`dir/apps/server/dist/server.mjs`) beside links to the repository's node_modules, static files
 * and built apps, so it resolves its packages and finds its files as the real build does.
 * `npx tsx bench/server-load.ts build <dir>` makes one for BENCH_SERVER_BUILD (an A/B baseline).
 */
export function buildServer(dir: string): string {
  mkdirSync(join(dir, 'apps/server'), { recursive: true });
  // The start script goes with the build, so a baseline build runs with the node flags it had.
  copyFileSync(join(root, 'apps/server/package.json'), join(dir, 'apps/server/package.json'));
  const out = join(dir, 'apps/server/dist/server.mjs');
  const script = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')).scripts.build as string;
  const args = script.split(' ').slice(1).map((a) => (a.startsWith('--outdir=') ? `--outdir=${dirname(out)}` : a));
  execFileSync(join(root, 'node_modules/.bin/esbuild'), args, { cwd: join(root, 'apps/server'), stdio: 'inherit' });
  for (const link of ['node_modules', 'apps/server/node_modules', 'apps/server/static', 'apps/web', 'apps/console']) symlinkSync(join(root, link), join(dir, link));
  return out;
}
