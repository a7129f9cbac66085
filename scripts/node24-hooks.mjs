import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Loaded with `--import` into every process of `npm test`'s node24 step (scripts/node24.ts sets
 * NODE_OPTIONS): whatever resolves into the project's better-sqlite3 (built for Node 20's ABI) is
 * resolved into the copy built for this Node instead — the server, the CLI and tests that open
 * SQLite themselves alike, with no change to them. Node's public module hooks
 * (`module.registerHooks`, Node 22.15+/23.5+: synchronous, for import and require alike).
 * It does not build anything, and it refuses to run outside that step (variable unset).
 */
const copy = process.env.NODE24_BETTER_SQLITE3;
if (!copy) throw new Error('node24-hooks.mjs: NODE24_BETTER_SQLITE3 (the better-sqlite3 built for this Node) is not set');
const from = pathToFileURL(join(import.meta.dirname, '..', 'node_modules', 'better-sqlite3')).href + '/';
const to = pathToFileURL(copy).href + '/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.startsWith(from) ? { ...resolved, url: to + resolved.url.slice(from.length) } : resolved;
  },
});
