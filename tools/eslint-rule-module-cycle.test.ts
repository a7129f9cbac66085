import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import simshop from './eslint-plugin-simshop.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A small server on disk: modules/a -> modules/b -> http -> modules/a is a cycle of folders
// although no file imports itself back; lib/ is below them all.
const root = mkdtempSync(join(tmpdir(), 'module-cycle-'));
const src = join(root, 'apps/server/src');
const files: Record<string, string> = {
  'modules/a/a.service.ts': `import { b } from '../b/b.service.ts';\nexport const a = () => b;`,
  'modules/b/b.service.ts': `import { handle } from '../../http/handlers.ts';\nexport const b = handle;`,
  'http/handlers.ts': `import { a } from '../modules/a/a.service.ts';\nexport const handle = () => a;`,
  'lib/text.ts': `export const text = 'x';`,
  'modules/c/c.service.ts': `import { text } from '../../lib/text.ts';\nimport type { a } from '../a/a.service.ts';\nexport const c: typeof a | string = text;`,
};
for (const [path, code] of Object.entries(files)) {
  mkdirSync(dirname(join(src, path)), { recursive: true });
  writeFileSync(join(src, path), code);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (path: string) => ({ code: files[path]!, filename: join(src, path) });
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-module-cycle', simshop.rules['no-module-cycle'] as unknown as Rule.RuleModule, {
  valid: [
    // Down to lib/, and a type from a higher module (erased at run time).
    at('modules/c/c.service.ts'),
    at('lib/text.ts'),
  ],
  invalid: [
    {
      ...at('modules/a/a.service.ts'),
      errors: [{ messageId: 'cycle', data: { path: 'modules/a -> modules/b (modules/a/a.service.ts -> modules/b/b.service.ts) -> http (modules/b/b.service.ts -> http/handlers.ts) -> modules/a (http/handlers.ts -> modules/a/a.service.ts)' } }],
    },
    { ...at('http/handlers.ts'), errors: [{ messageId: 'cycle' }] },
  ],
});
