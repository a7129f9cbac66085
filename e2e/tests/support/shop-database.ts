import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = resolve(import.meta.dirname, '../../..');

/**
 * Runs a script against this worker's test server's database, as the owner's command line would:
 * for state a journey needs that no page makes (a job given up, today's SMS count, many messages).
 * `imports` name server modules by their path under `apps/server/src` and what to import from
 * them; the script gets `db` (open, closed after it) and `config`. Returns what it printed.
 */
export function onShopDatabase(body: string, imports: Record<string, string[]> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'simshop-e2e-db-'));
  const script = join(dir, 'script.mts');
  const src = (path: string) => JSON.stringify(pathToFileURL(join(REPO, 'apps/server/src', path)).href);
  const lines = Object.entries({ 'config.ts': ['loadConfig'], 'db/database.ts': ['createDatabase'], ...imports }).map(([path, names]) => `import { ${names.join(', ')} } from ${src(path)};`);
  writeFileSync(
    script,
    `${lines.join('\n')}
const config = loadConfig();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
${body}
} finally {
  await db.destroy();
}
`,
  );
  try {
    return execFileSync('npx', ['tsx', script], { cwd: REPO, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' }, stdio: 'pipe' }).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
