import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The commands of docs/deploy.md as the page gives them, for the fault tests that run them (so
 * the page and the tests cannot drift apart). Reads the fenced code blocks of one numbered
 * section; a shell block becomes its command lines (a line ending in `\` joined to the next,
 * blank and comment lines dropped). Not a Markdown parser: fences are ``` at a line's start.
 */
export const deployDoc = (): string => readFileSync(join(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');

/** The text of the section whose heading starts with `## <title>` (e.g. "10. Backups"), up to the next `## `. */
export function deploySection(title: string): string {
  const doc = deployDoc();
  const start = doc.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`docs/deploy.md has no section "## ${title}"`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The code blocks of a section in the given language (`sh`, `yaml`), as written. */
export function deployBlocks(title: string, lang = 'sh'): string[] {
  const blocks = [...deploySection(title).matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].filter((m) => m[1] === lang).map((m) => m[2]!);
  if (blocks.length === 0) throw new Error(`docs/deploy.md "${title}" has no \`\`\`${lang} block`);
  return blocks;
}

/** The command lines of a section's `block`-th shell block. */
export function deployCommands(title: string, block = 0): string[] {
  const text = deployBlocks(title, 'sh')[block];
  if (text === undefined) throw new Error(`docs/deploy.md "${title}" has no shell block ${block}`);
  return text
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
}
