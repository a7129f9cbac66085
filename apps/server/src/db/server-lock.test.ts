import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimServerLock } from './server-lock.ts';

describe('one server per SQLite file', () => {
  const file = () => join(mkdtempSync(join(tmpdir(), 'simshop-lock-')), 'simshop.sqlite');

  it('claims the file and lets it go', () => {
    const db = file();
    const release = claimServerLock(db);
    expect(readFileSync(`${db}.server.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${db}.server.lock`)).toBe(false);
  });

  it('refuses while a live process holds it, and takes over from a dead one', () => {
    const db = file();
    writeFileSync(`${db}.server.lock`, String(process.ppid));
    expect(() => claimServerLock(db)).toThrow(/Another simshop server \(pid \d+\)/);
    writeFileSync(`${db}.server.lock`, '999999999');
    const release = claimServerLock(db);
    expect(readFileSync(`${db}.server.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
