import { reachable } from './graph-walk.ts';

/** What the chunking pass tells about a module: the kits read no more. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; importedIds: readonly string[] } | null;
}

/**
 * A landing page's kit (a page is the modules its route imports): the modules it imports statically (however deep) that a module outside
 * its imports uses too. Left alone, each of those becomes a small chunk of its own shared with the
 * other pages (a goods page needed seven: a stepper, a tag, stars, the page layout, an icon...),
 * and each is a round trip over HTTP/1.1's six connections on a phone. As one chunk
 * they come with the page's own, beside the shell's scripts (tools/vite-preload-chunks.ts). The
 * page's own modules stay in its chunk; modules the higher-priority groups take (the first
 * screen, the libraries) stay there.
 */
export function landingKitName(pages: Readonly<Record<string, readonly string[]>>): (id: string, graph: ModuleGraph) => string | null {
  // One chunking pass asks about every module with the same context: the closures are made once per pass.
  const closures = new WeakMap<ModuleGraph, Array<{ page: string; modules: readonly string[]; closure: Set<string> }>>();
  return (id, graph) => {
    let of = closures.get(graph);
    if (!of) {
      of = Object.entries(pages).map(([page, modules]) => ({ page, modules, closure: new Set(reachable(modules, (id) => graph.getModuleInfo(id)?.importedIds)) }));
      closures.set(graph, of);
    }
    for (const { page, modules, closure } of of) {
      if (modules.includes(id) || !closure.has(id)) continue;
      if (graph.getModuleInfo(id)?.importers.some((importer) => !closure.has(importer))) return `${page}-kit`;
    }
    return null;
  };
}
