import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The fault suite's server processes run the bundle `npm start` runs (the deployment recipe's
 * ExecStart), not the source through tsx: a start then costs about half the CPU (4 s instead of
 * 8.5 on this machine; the suite starts some thirty). Built here before the suite with the
 * server's own build script, into a folder of its own beside `dist`: the browser suite rebuilds
 * `dist` while these processes may still be starting from it.
 */
const serverDir = resolve(import.meta.dirname, '..');
export const FAULT_BUNDLE = join(serverDir, 'dist-fault/server.mjs');
/**
 * The owner's command line, bundled the same way beside it: the suite runs it some forty times,
 * and through tsx each call spent about 2 CPU-seconds compiling its source.
 */
export const FAULT_ADMIN = join(serverDir, 'dist-fault/admin.mjs');

export function setup(): void {
  const build = (JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
  if (!build.includes('--outdir=dist ') || !build.includes('src/server.ts ')) throw new Error('apps/server build script: expected src/server.ts and --outdir=dist');
  const faultBuild = build.replace('--outdir=dist ', '--outdir=dist-fault ');
  execSync(`npx ${faultBuild}`, { cwd: serverDir, stdio: 'inherit' });
  execSync(`npx ${faultBuild.replace('src/server.ts ', 'src/cli/admin.ts ')}`, { cwd: serverDir, stdio: 'inherit' });
}
