// Project lint rules: kebab-case file names, features as islands on the web side
// (shared -> features -> app; a feature never imports another feature), and no import cycles.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';
import { queryState } from './eslint-rule-query-state.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const kebabCaseFiles = {
  meta: { type: 'suggestion', messages: { name: 'File name "{{name}}" is not kebab-case.' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const file = basename(context.filename);
        const stem = file.replace(/\.(?:d\.)?[cm]?[jt]sx?$/, '');
        if (!KEBAB.test(stem)) context.report({ node, messageId: 'name', data: { name: file } });
      },
    };
  },
};

// The shop and the console follow the same plan.
const APP_SRCS = ['web', 'console'].map((name) => `${sep}apps${sep}${name}${sep}src${sep}`);

function srcRoot(file) {
  for (const src of APP_SRCS) {
    const i = file.indexOf(src);
    if (i !== -1) return file.slice(0, i + src.length);
  }
  return undefined;
}

function webArea(file) {
  const root = srcRoot(file);
  if (!root) return undefined;
  const parts = file.slice(root.length).split(sep);
  // A domain's api/ folder (one file per endpoint action) is its data layer, the one place its
  // calls are defined: any feature or shared component may use it, as it would a package.
  if (parts[0] === 'features' && parts[2] === 'api') return { kind: 'data', name: parts[1] };
  if (parts[0] === 'features') return { kind: 'feature', name: parts[1] };
  // main.tsx (the browser's) and entry-server.tsx (the server's) are entry points: they sit above the app.
  if (parts[0] === 'app' || parts[0] === 'main.tsx' || parts[0] === 'entry-server.tsx') return { kind: 'app' };
  return { kind: 'shared' };
}

const featureIslands = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: 'Feature "{{from}}" must not import feature "{{to}}": move the shared piece to components/ or lib/ (another feature\'s api/ is open to all).',
      sharedToFeature: 'Shared code must not import a feature ("{{to}}") or the app: the direction is shared -> features -> app.',
      featureToApp: 'A feature must not import from app/.',
    },
    schema: [],
  },
  create(context) {
    const from = webArea(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string') return;
        // Each app imports its own modules as @/... (vite alias for its src/).
        const target = spec.startsWith('@/') ? srcRoot(context.filename) + spec.slice(2) : spec.startsWith('.') ? resolve(dirname(context.filename), spec) : null;
        if (!target) return;
        const to = webArea(target);
        if (!to) return;
        // The data layer sits with shared code: it may use lib/ and other domains' api/, never pages.
        if (from.kind === 'data' && (to.kind === 'feature' || to.kind === 'app')) context.report({ node, messageId: 'sharedToFeature', data: { to: to.name ?? 'app' } });
        if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name) context.report({ node, messageId: 'crossFeature', data: { from: from.name, to: to.name } });
        if (from.kind === 'feature' && to.kind === 'app') context.report({ node, messageId: 'featureToApp' });
        if (from.kind === 'shared' && (to.kind === 'feature' || to.kind === 'app')) context.report({ node, messageId: 'sharedToFeature', data: { to: to.name ?? 'app' } });
      },
    };
  },
};

// --- no-import-cycle ------------------------------------------------------------------------
// A module that imports, directly or through others, a module that imports it back. Written here
// rather than taken from eslint-plugin-import-x: its releases since 4.7 need a native resolver
// binary, and its node resolver does not know the apps' `@/` alias. Only imports that exist at
// run time count: `import type`, imports of types only, and dynamic import() (lazy routes) do not.

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file an import names, inside the repository; undefined for packages and assets. */
function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('@/')) {
    const root = srcRoot(fromFile);
    if (!root) return undefined;
    base = root + spec.slice(2);
  } else if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec);
  else return undefined;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (!/\.tsx?$/.test(candidate)) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Whether an import or re-export is there at run time. */
function isRuntimeImport(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return false;
  const specifiers = node.specifiers ?? [];
  // `import { type A, type B } from` is erased; `import './x'` and `import {} from` still run it.
  return specifiers.length === 0 || !specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

function runtimeImportsOf(ast, file) {
  const out = [];
  for (const node of ast.body) {
    if (!['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration'].includes(node.type) || !node.source) continue;
    if (!isRuntimeImport(node)) continue;
    const target = resolveImport(file, node.source.value);
    if (target) out.push({ node, target });
  }
  return out;
}

// One lint run reads each file once (keyed by its modification time, for editors that keep ESLint running).
const graphCache = new Map();
function importsOfFile(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = graphCache.get(file);
  if (hit && hit.mtime === mtime) return hit.targets;
  let targets = [];
  try {
    const { ast } = tseslint.parser.parseForESLint(readFileSync(file, 'utf8'), { sourceType: 'module', jsx: file.endsWith('.tsx'), range: false, loc: false });
    targets = runtimeImportsOf(ast, file).map((i) => i.target);
  } catch {
    // A file that does not parse is reported by its own lint run.
  }
  graphCache.set(file, { mtime, targets });
  return targets;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    for (const next of importsOfFile(file)) {
      if (next === goal) return path;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...path, next]]);
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    messages: { cycle: 'Import cycle: {{path}}. Move what both sides need to a module neither imports, or call the other side through a service that does not import back.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const repo = process.cwd() + sep;
    const short = (f) => (f.startsWith(repo) ? f.slice(repo.length) : f);
    return {
      Program(program) {
        for (const { node, target } of runtimeImportsOf(program, file)) {
          const back = target === file ? [] : pathBack(target, file);
          if (back) context.report({ node, messageId: 'cycle', data: { path: [file, ...back, file].map(short).join(' -> ') } });
        }
      },
    };
  },
};

// --- no-module-cycle ------------------------------------------------------------------------
// The server's folders as units, each importing only units below it, lowest first:
//   1. config.ts, lib/, db/, providers/ (and the two simulators)
//   2. audit, security, sessions, sms: records and stores every layer writes
//   3. http/ (dispatcher, handler binding), jobs/ (outbox and worker); web-push (devices' push
//      subscriptions); notifications (customer messages every domain records; their facts are read
//      through a reader handed in)
//   4. domain modules, each above what it uses: files, labels, stores, balance, merchants <
//      catalogue, staff < cart, coupons, esim < accounts < devices, messages < product-kinds <
//      orders < payments (refunds included), comments
//   5. modules composing domains: customer-page, merchant-page, order-page, dashboard,
//      back-in-stock, my-data, notification-facts, reseller-applications, usage-alerts
//   6. seed/, web/, cli/ and the root's composition: handlers.ts, background-jobs.ts, openapi.ts,
//      app.ts, server.ts
// A unit is modules/<name>, another top-level folder, or one file at the root (config.ts is a leaf
// everyone reads; the composition files import everything). A unit that needs behaviour from one
// above it is handed it when the server is built (the dispatcher's access, each module's jobs, the
// eSIM pool counts, the notifications' facts), never imports it. Files may be free of cycles while their folders are not:
// this rule reports an import whose target's unit reaches this file's unit again, with the path.

const SERVER_SRC = `${sep}apps${sep}server${sep}src${sep}`;

function serverUnit(file) {
  const i = file.indexOf(SERVER_SRC);
  if (i === -1) return undefined;
  const parts = file.slice(i + SERVER_SRC.length).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0];
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    // Tests beside the code are not part of the server's graph.
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** unit -> (unit it imports -> one import that makes the edge, for the message). */
function unitGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = serverUnit(file);
    for (const target of importsOfFile(file)) {
      const to = serverUnit(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${file.slice(root.length)} -> ${target.slice(root.length)}`);
    }
  }
  return graph;
}

// One lint run builds the graph once; a long-running ESLint (editor) rebuilds it when five seconds old.
let unitCache;
function cachedUnitGraph(root) {
  if (!unitCache || unitCache.root !== root || Date.now() - unitCache.at > 5000) unitCache = { root, at: Date.now(), graph: unitGraph(root) };
  return unitCache.graph;
}

/** The units from `start` back to `goal` (breadth first: the shortest way round), or null. */
function unitPathBack(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const [next, why] of graph.get(queue[i]) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, { from: queue[i], why });
      if (next === goal) {
        const steps = [];
        for (let at = goal; previous.get(at); at = previous.get(at).from) steps.unshift(`${at} (${previous.get(at).why})`);
        return steps;
      }
      queue.push(next);
    }
  }
  return null;
}

const noModuleCycle = {
  meta: {
    type: 'problem',
    messages: { cycle: 'Module cycle: {{path}}. The lower unit must not know the higher: move the piece down, or hand the behaviour in at construction (see the layer list in tools/eslint-plugin-simshop.js).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = serverUnit(file);
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    const root = file.slice(0, file.indexOf(SERVER_SRC) + SERVER_SRC.length);
    return {
      Program(program) {
        for (const { node, target } of runtimeImportsOf(program, file)) {
          const to = serverUnit(target);
          if (!to || to === from) continue;
          const back = unitPathBack(cachedUnitGraph(root), to, from);
          if (back) context.report({ node, messageId: 'cycle', data: { path: [from, `${to} (${file.slice(root.length)} -> ${target.slice(root.length)})`, ...back].join(' -> ') } });
        }
      },
    };
  },
};

// --- repository-of-own-module -------------------------------------------------------------
// On the server a module reads and writes its own tables only: another module's data is reached
// through that module's service, where its rules and transactions live.

const MODULE_FILE = /\/apps\/server\/src\/modules\/([^/]+)\//;

const repositoryOfOwnModule = {
  meta: {
    type: 'problem',
    messages: { foreign: 'Module "{{from}}" must not import the repository of module "{{to}}": call its service.' },
    schema: [],
  },
  create(context) {
    const from = MODULE_FILE.exec(context.filename)?.[1];
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.') || !/\.repository(\.ts)?$/.test(spec)) return;
        const to = MODULE_FILE.exec(resolve(dirname(context.filename), spec))?.[1];
        if (to && to !== from) context.report({ node, messageId: 'foreign', data: { from, to } });
      },
    };
  },
};

export default { rules: { 'repository-of-own-module': repositoryOfOwnModule, 'kebab-case-files': kebabCaseFiles, 'feature-islands': featureIslands, 'no-import-cycle': noImportCycle, 'no-module-cycle': noModuleCycle, 'query-state': queryState } };
