import { describe, expect, it } from 'vitest';
import { PURE_ZOD, renameZod } from './vite-pure-schemas.ts';

describe('pure schemas', () => {
  it("gives the contract's zod a name of its own, in imports, builders and types", () => {
    expect(renameZod("import { z } from 'zod';\nexport const a = z.object({ b: z.string().min(1) });\ntype A = z.infer<typeof a>;")).toBe(
      `import { z as ${PURE_ZOD} } from 'zod';\nexport const a = ${PURE_ZOD}.object({ b: ${PURE_ZOD}.string().min(1) });\ntype A = ${PURE_ZOD}.infer<typeof a>;`,
    );
    expect(renameZod("import type { z } from 'zod';")).toBe(`import type { z as ${PURE_ZOD} } from 'zod';`);
    // A chain that starts on the next line.
    expect(renameZod('const c = z\n  .string()\n  .trim();')).toBe(`const c = ${PURE_ZOD}\n  .string()\n  .trim();`);
  });

  it('leaves other names alone', () => {
    const code = 'const c = baz.object(); const d = x.z.string(); const e = /[a-z]/;';
    expect(renameZod(code)).toBe(code);
  });
});
