import type { Plugin } from 'vite';

/** What the contract's `z` is called in the shop's build: a name no library minifies to. */
export const PURE_ZOD = 'contractZod';

/**
 * The contract's source with zod imported as PURE_ZOD: `import { z } from 'zod'` and every
 * `z.string()`, `z.object(...)`, `z\n  .string()` (and `z.infer<...>`, which the compiler drops).
 */
export function renameZod(code: string): string {
  return code.replace(/import (type )?\{ z \} from 'zod';/g, `import $1{ z as ${PURE_ZOD} } from 'zod';`).replace(/(?<![\w.$])z(?=\s*\.[A-Za-z])/g, PURE_ZOD);
}

/**
 * Building a schema (`z.object(...).strict()`) has no effect but its value, so the bundler may
 * drop a schema nobody uses: a file of the contract whose plain constants the first screen uses
 * no longer drags zod along (22 KB). The bundler is told so by name (`manualPureFunctions`,
 * which covers the whole chain), and the name is made the contract's own: the name matches in
 * every module, and with plain `z` it also matched any pre-minified library function called `z`
 * (once a UI runtime's setStyle was dropped with it, and every style attribute was lost).
 */
export function pureSchemas(): Plugin {
  return {
    name: 'simshop-pure-schemas',
    enforce: 'pre',
    config: () => ({ build: { rolldownOptions: { treeshake: { manualPureFunctions: [PURE_ZOD] } } } }),
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/.test(id.split('?')[0] ?? '') || id.endsWith('.test.ts')) return null;
      return { code: renameZod(code), map: null };
    },
  };
}
