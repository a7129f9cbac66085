/**
 * Every node reachable from `from` through `next` (breadth first, each once, in the order met):
 * the walk the build's chunk and module graphs share (first-screen guard, page preloads, landing kits).
 */
export function reachable(from: readonly string[], next: (node: string) => readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const queue = [...from];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...(next(node) ?? []));
  }
  return [...seen];
}
