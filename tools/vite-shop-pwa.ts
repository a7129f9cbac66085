import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformWithOxc } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Builds the service worker (`source`, TypeScript) to sw.js at the root of the build, with the
 * list of files to precache — every fingerprinted file, the public files and the app page — and
 * a version made from that list, so each build installs a new worker that drops the old cache.
 */
export function serviceWorker(options: { source: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'simshop-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const base = config.base;
      // Not the 250 flags: a page fetches the few it shows (offline, a missing flag draws nothing).
      const publicFiles = filesUnder(config.publicDir)
        .map((file) => relative(config.publicDir, file).split('\\').join('/'))
        .filter((file) => !file.startsWith('flags/'));
      const built = Object.keys(bundle).filter((f) => f.startsWith('assets/') && !f.endsWith('.map'));
      const precache = [base, ...[...built, ...publicFiles].sort().map((f) => `${base}${f}`)];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const { code } = await transformWithOxc(readFileSync(options.source, 'utf8'), options.source, { lang: 'ts' });
      // The worker is a classic script: the `export {}` that makes the source a module goes.
      const body = code.replace(/^export\s*\{\s*\};?\s*$/m, '');
      const head = `const BUILD_VERSION = ${JSON.stringify(version)};\nconst BASE = ${JSON.stringify(base)};\nconst PRECACHE = ${JSON.stringify(precache)};\n`;
      writeFileSync(join(output.dir ?? config.build.outDir, 'sw.js'), `${head}${body}`);
    },
  };
}
