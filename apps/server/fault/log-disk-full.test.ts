import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@simshop/contract';
import { shopEnv, startServer, type ServerProcess } from './server-process.ts';

// The server's log redirected to a file on a disk that is full: pino reports the write error
// as an 'error' event, and with nobody listening that ended the process although the database
// (on another disk here) was fine. The filesystem is a small tmpfs of its own (mounting needs
// root, as `npm test` has), filled before the server starts.
const mountPoint = mkdtempSync(join(tmpdir(), 'simshop-log-disk-'));
let mounted = false;
let server: ServerProcess | undefined;
let logFd: number | undefined;
afterAll(async () => {
  await server?.kill();
  if (logFd !== undefined) closeSync(logFd);
  // Lazily: a server that did not end may still hold its log file open.
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes a filler file until the filesystem refuses more. */
function fill(dir: string): void {
  const fd = openSync(join(dir, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

describe('the log on a full disk', () => {
  it('keeps the shop serving, and it still exits 0 on SIGTERM', { timeout: 120_000 }, async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]);
    mounted = true;
    logFd = openSync(join(mountPoint, 'server.log'), 'w');
    fill(mountPoint);
    expect(statfsSync(mountPoint).bavail).toBe(0);

    // Every request leaves a log line at debug.
    server = await startServer(shopEnv({ extra: { LOG_LEVEL: 'debug' } }), { stdout: logFd });
    for (let i = 0; i < 200; i++) {
      const answer = await server.call(api.product.path, 'list', { page: 1, size: 5 });
      expect(answer.http).toBe(200);
    }
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
