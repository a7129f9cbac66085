import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { DEBIAN_TOOLS, ensureDebianTools, toolEnv } from './debian-tools.ts';
import { ensureNode24 } from './node24.ts';
import { freePortRun, startTempPostgres, type TempPostgres } from './postgres.ts';

/**
 * `npm test`: every test, on a fresh machine. Installs Debian's chromium, postgresql, nginx and
 * prometheus (for promtool) when missing (as root) and fails loudly when it cannot; never skips a suite. Builds the web app
 * once, starts one PostgreSQL cluster, then runs: typecheck and lint, unit, API on SQLite and on
 * PostgreSQL, and the browser journeys, all on the machine's Node 20; beside the API suites, the
 * unit suite, the storage-heavy part of the API suite on SQLite and one purchase journey again on Node 24 LTS
 * (scripts/node24.ts, fetched into .cache/node24 on the first run). Ends with one line
 * `tests: N passed, N failed`.
 *
 *   npm test                     everything
 *   npm test -- unit api-sqlite  only the named steps (typecheck, lint, unit, build, api-sqlite, api-postgres, fault, e2e, node24)
 */
const root = resolve(import.meta.dirname, '..');
const out = join(root, '.tmp');
const log = (line: string) => console.log(`\x1b[36m[test]\x1b[0m ${line}`);
const BROWSERS = [DEBIAN_TOOLS.chromiumShell, DEBIAN_TOOLS.chromium];
// The fault suite runs nginx (the deployment recipe) and the API suites promtool (/metrics).
const SERVER_TOOLS = [DEBIAN_TOOLS.nginx, DEBIAN_TOOLS.promtool];
// Where the browser suite's and the fault suite's servers listen: apart from each other and below
// the ports the system hands out, so neither suite nor a connection's own end takes the other's.
const FAULT_PORTS = [10_000, 20_000] as const;
const E2E_PORTS = [20_000, 32_768] as const;
const faultPortRange = async () => freePortRun(100, ...FAULT_PORTS).then((low) => `${low}-${low + 99}`);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
// Each failed test by name with its message's first line, printed last: CI keeps only the log's
// tail, where suites running side by side have buried their own reports.
const failedTests: string[] = [];
const firstLine = (messages: string[] | undefined) => stripVTControlCharacters(messages?.[0] ?? '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const started = Date.now();
  log(`${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1', ...env } });
    child.on('exit', (code, signal) => {
      const ok = code === 0;
      log(`${name}: ${ok ? 'ok' : `FAILED (${signal ?? code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (!ok) failures.push(name);
      done(ok);
    });
  });
}

function addVitest(file: string, step: string) {
  if (!existsSync(file)) return failures.push(`${step} (no results)`);
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numTotalTests: number;
    testResults: Array<{ name: string; message?: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
  };
  for (const f of r.testResults) {
    const failed = f.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) failedTests.push(`${step} › ${relative(root, f.name)} › ${a.fullName}: ${firstLine(a.failureMessages)}`);
    // A file that failed outside its tests (an import, a hook) has a message of its own.
    if (failed.length === 0 && f.message) failedTests.push(`${step} › ${relative(root, f.name)}: ${firstLine([f.message])}`);
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) failures.push(`${step} (ran no test)`);
  if (r.numPendingTests + r.numTodoTests > 0) failures.push(`${step} (skipped tests)`);
}

interface PlaywrightSuite {
  title: string;
  specs?: Array<{ title: string; tests: Array<{ projectName: string; status: string; results: Array<{ error?: { message?: string } }> }> }>;
  suites?: PlaywrightSuite[];
}

function addPlaywright(file: string, step = 'e2e') {
  if (!existsSync(file)) return failures.push(`${step} (no results)`);
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, titles: string[]): void => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected') failedTests.push(`${step} › ${[...titles, spec.title].join(' › ')} [${t.projectName}]: ${firstLine(t.results.flatMap((res) => (res.error?.message ? [res.error.message] : [])))}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of r.suites ?? []) walk(suite, [suite.title]);
  totals.passed += r.stats.expected + r.stats.flaky;
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
  if (r.stats.expected + r.stats.flaky + r.stats.unexpected === 0) failures.push(`${step} (ran no test)`);
  if (r.stats.skipped > 0) failures.push(`${step} (skipped tests)`);
}

const ALL = ['typecheck', 'lint', 'unit', 'build', 'api-sqlite', 'api-postgres', 'fault', 'e2e', 'node24'] as const;
type Step = (typeof ALL)[number];
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const r of requested) if (!ALL.includes(r as Step)) throw new Error(`Unknown step "${r}"; steps: ${ALL.join(', ')}`);
const steps = new Set<Step>(requested.length ? (requested as Step[]) : ALL);

/**
 * The API files the node24 step runs: the storage layer on better-sqlite3 (the one addon built per
 * Node version: group commit, transactions under races, migrations of old data, backups), the
 * money paths through it and the background jobs. The rest of the API suite is plain JavaScript
 * over the same layer and runs on Node 20 twice (SQLite and PostgreSQL); running all of it again
 * here cost about 3 core-minutes of a suite that is CPU-bound on 2 cores.
 */
const NODE24_API_FILES = [
  'concurrency', 'coalesced-reads', 'first-journey', 'catalogue-cart', 'checkout-reads', 'orders', 'payments', 'balance',
  'coupons', 'ecode', 'esim', 'reseller-api-races', 'outbox', 'jobs', 'backup', 'report-summaries',
  'labels-migration', 'review-pictures-migration', 'sold-esim-plan-migration',
];

/**
 * The node24 step: the unit suite, the API suite on SQLite (better-sqlite3 is the one addon built
 * per Node version) and one purchase journey (its server on Node 24 too: `node` on PATH), after
 * the build step's web build. The API files are those of NODE24_API_FILES. PostgreSQL's driver is plain JavaScript: its suites stay on Node 20.
 */
async function onNode24(vitest: (project: string, file: string) => string[]): Promise<void> {
  const env = await ensureNode24(log).catch((err: unknown) => {
    log(`\x1b[31mnode24: ${err instanceof Error ? err.message : String(err)}\x1b[0m`);
    failures.push('node24 (no Node 24: see above)');
    return null;
  });
  if (!env) return;
  await run('node24-unit', 'npx', vitest('unit', join(out, 'node24-unit.json')), env);
  addVitest(join(out, 'node24-unit.json'), 'node24-unit');
  const apiFiles = NODE24_API_FILES.map((name) => `apps/server/test/${name}.test.ts`);
  const missing = apiFiles.filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new Error(`node24: the API files it runs are gone: ${missing.join(', ')} (scripts/test.ts NODE24_API_FILES)`);
  await run('node24-api-sqlite', 'npx', [...vitest('api', join(out, 'node24-api-sqlite.json')), ...apiFiles], { ...env, DATABASE_URL: '', ...toolEnv(SERVER_TOOLS) });
  addVitest(join(out, 'node24-api-sqlite.json'), 'node24-api-sqlite');
  const journey = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'tests/shop.spec.ts', '--grep', 'browse → cart → checkout'];
  const results = join(out, 'node24-e2e.json');
  await run('node24-e2e', 'npx', journey, { ...env, E2E_PORT: String(await freePortRun(1, ...E2E_PORTS)), E2E_WORKERS: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: results, ...toolEnv(BROWSERS), DATABASE_URL: '' });
  addPlaywright(results, 'node24-e2e');
}

async function main(): Promise<number> {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const vitest = (project: string, file: string) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

  const tools = [...(steps.has('e2e') || steps.has('node24') ? BROWSERS : []), ...(['api-sqlite', 'api-postgres', 'fault', 'node24'].some((s) => steps.has(s as Step)) ? SERVER_TOOLS : [])];
  ensureDebianTools(tools, log);
  let pg: TempPostgres | undefined;
  if (steps.has('api-postgres') || steps.has('fault')) pg = await startTempPostgres(tmpdir(), log);

  try {
    // Checks and unit tests do not need the build; the build feeds the browser suite. The checks
    // (mostly one core each) run on beside the unit, API and fault suites, which leave a core idle
    // much of the time; only the browser suite, which uses both cores, waits for them.
    const checks = Promise.all([
      steps.has('typecheck') ? run('typecheck', 'npm', ['run', 'typecheck', '--silent']) : true,
      steps.has('lint') ? run('lint', 'npx', ['eslint', '.', '--max-warnings=0']) : true,
    ]);
    if (steps.has('unit')) {
      await run('unit', 'npx', vitest('unit', join(out, 'unit.json')));
      addVitest(join(out, 'unit.json'), 'unit');
    }
    if (steps.has('build')) await run('build', 'npm', ['run', 'build']);

    const apis: Promise<unknown>[] = [];
    if (steps.has('api-sqlite')) apis.push(run('api-sqlite', 'npx', vitest('api', join(out, 'api-sqlite.json')), { DATABASE_URL: '', ...toolEnv(SERVER_TOOLS) }).then(() => addVitest(join(out, 'api-sqlite.json'), 'api-sqlite')));
    if (pg && steps.has('api-postgres')) apis.push(run('api-postgres', 'npx', vitest('api', join(out, 'api-postgres.json')), { DATABASE_URL: pg.url, ...toolEnv(SERVER_TOOLS) }).then(() => addVitest(join(out, 'api-postgres.json'), 'api-postgres')));
    // Real server processes killed and restarted: they mostly wait for processes to start and
    // stop (about 3.5 CPU-minutes in 10), so they run beside the API suites and on into the
    // browser suite, which does not wait for them (their time limits allow for a busy machine).
    const fault = steps.has('fault') && pg ? run('fault', 'npx', vitest('fault', join(out, 'fault.json')), { DATABASE_URL: '', FAULT_DATABASE_URL: pg.url, FAULT_PORTS: process.env.FAULT_PORTS ?? (await faultPortRange()), ...toolEnv(SERVER_TOOLS) }).then(() => addVitest(join(out, 'fault.json'), 'fault')) : Promise.resolve();
    // Node 24 LTS: its suites run one after another, about half a core beside the three above
    // (alone on a busy machine: 75 CPU-seconds in 3.6 minutes).
    if (steps.has('node24')) apis.push(onNode24(vitest));
    await Promise.all(apis);
    await checks;

    if (steps.has('e2e')) {
      // One server per worker, on E2E_PORT, E2E_PORT+1, … (the config's default is two workers).
      const port = await freePortRun(Number(process.env.E2E_WORKERS ?? 2), ...E2E_PORTS);
      await run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { E2E_PORT: String(port), ...toolEnv(BROWSERS), DATABASE_URL: '' });
      addPlaywright(join(out, 'e2e-results.json'));
    }
    await fault;
  } finally {
    pg?.stop();
  }

  log(`finished in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  for (const t of failedTests) log(`\x1b[31mfailed: ${t}\x1b[0m`);
  if (failures.length) log(`\x1b[31mFAILED: ${failures.join(', ')}\x1b[0m`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  return failures.length || totals.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`\x1b[31m[test] ${err instanceof Error ? err.message : String(err)}\x1b[0m`);
    console.log(`tests: ${totals.passed} passed, ${totals.failed + 1} failed`);
    process.exit(1);
  },
);
