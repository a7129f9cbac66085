import type { ComponentType } from 'react';
import { TOOLS, type ToolId } from '@simshop/contract';

type PageModule = () => Promise<ComponentType>;

// Each tool's folder holds its page (`<id>/page.tsx`, default export); found here, so a new tool
// needs no line in the router.
const modules = import.meta.glob<{ default: ComponentType }>('./*/page.tsx');

/** The lazy page of every tool, keyed by its route name (`tool-<id>`). */
export const toolPages = Object.fromEntries(
  TOOLS.map((tool) => {
    const load = modules[`./${tool.id}/page.tsx`];
    const page: PageModule = () => (load ? load().then((m) => m.default) : Promise.reject(new Error(`tool ${tool.id} has no page.tsx`)));
    return [`tool-${tool.id}`, page];
  }),
) as Record<`tool-${ToolId}`, PageModule>;
