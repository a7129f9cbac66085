import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SIGNING_SECRET is in every page of the shop (it only shows a request came through a client
 * build), so nothing that grants access may be keyed from it: a WeChat link token made from it let
 * anyone sign in as any WeChat-linked customer. The server reads it in two places only: checking a
 * request's signature, and handing it to the shop's pages.
 */
const ALLOWED = new Set(['http/dispatch.ts', 'web/web-app.ts', 'config.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the signing secret', () => {
  it('is read only to check signatures and to hand to the shop’s pages', () => {
    const root = import.meta.dirname;
    const readers = sources(root)
      .filter((file) => /signing\.secret|signing\[['"]secret['"]\]|SIGNING_SECRET/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(readers.sort()).toEqual([...ALLOWED].sort());
  });

  it('is used in dispatch only by the signature check', () => {
    const dispatch = readFileSync(join(import.meta.dirname, 'http/dispatch.ts'), 'utf8');
    const uses = dispatch.split('\n').filter((line) => line.includes('signing.secret'));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatch(/checkSignature\(config\.signing\.secret/);
  });
});
