import type { Plugin } from 'vite';
import { reachable } from './graph-walk.ts';

/** What a chunk of the bundle tells about itself: the guard reads no more. */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The modules of `forbidden` that the entries load before anything else (their static imports,
 * followed through every chunk), with the chunk each is in. Empty when the first screen is clean.
 */
export function forbiddenOnFirstScreen(chunks: readonly ChunkFacts[], forbidden: RegExp): Array<{ chunk: string; module: string }> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const found: Array<{ chunk: string; module: string }> = [];
  for (const file of reachable(chunks.filter((c) => c.isEntry).map((c) => c.fileName), (f) => byFile.get(f)?.imports)) {
    for (const id of byFile.get(file)?.moduleIds ?? []) if (forbidden.test(id)) found.push({ chunk: file, module: id });
  }
  return found;
}

/**
 * Fails the build when the first screen would carry a module it must not (zod, which
 * the app leaves to the server; one import of a contract constant from a file with schemas once
 * added 94 KB to the first screen and no test noticed). bench/page-weight.ts measures the rest.
 */
export function firstScreenGuard(forbidden: RegExp): Plugin {
  return {
    name: 'simshop-first-screen-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file): ChunkFacts[] => (file.type === 'chunk' ? [{ fileName: file.fileName, isEntry: file.isEntry, imports: file.imports, moduleIds: file.moduleIds }] : []));
      const found = forbiddenOnFirstScreen(chunks, forbidden);
      if (found.length) this.error(`The first screen loads ${found.length} module(s) it must not (${forbidden}), e.g. ${found.slice(0, 3).map((f) => `${f.module} in ${f.chunk}`).join('; ')}. Import the constant from a module without them.`);
    },
  };
}
