import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A throw-away PostgreSQL cluster on loopback for the test suite (STACK.md): Debian's server
 * binaries, installed when missing and we are root, a fresh data directory, a free port.
 * Never touches the system cluster.
 */
export interface TempPostgres {
  url: string;
  stop(): void;
}

const isRoot = process.getuid?.() === 0;

function findPgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

export function ensurePostgresInstalled(log: (line: string) => void): string {
  let bin = findPgBin();
  if (bin) return bin;
  if (!isRoot) throw new Error('PostgreSQL server binaries are missing (/usr/lib/postgresql/*/bin) and this is not root: install Debian\'s "postgresql" package.');
  log('installing Debian postgresql ...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  bin = findPgBin();
  if (!bin) throw new Error('apt-get installed postgresql but no pg_ctl was found under /usr/lib/postgresql');
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * `count` consecutive free loopback ports from `low` up, below the kernel's ephemeral range, for
 * servers that start a while after the choice: the system hands out only ports of that range (a
 * listen on port 0, a client's own end), so the suites running beside them cannot take these in
 * between; a port freePort gave could be a fault-test server's, or a browser's connection's own
 * end, by the time the server started.
 */
export async function freePortRun(count: number, low: number, below: number): Promise<number> {
  const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';
  const ephemeralLow = existsSync(rangeFile) ? Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]) : 32768;
  const high = Math.min(ephemeralLow, below) - count;
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = low + Math.floor(Math.random() * (high - low));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => canListen(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free loopback ports between ${low} and ${high + count}`);
}

export async function startTempPostgres(root: string, log: (line: string) => void): Promise<TempPostgres> {
  const bin = ensurePostgresInstalled(log);
  const dir = join(root, `pg-${process.pid}`);
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(sock, { recursive: true });
  chmodSync(dir, 0o777);
  chmodSync(sock, 0o777);
  // initdb refuses to run as root: run the server binaries as the postgres user then.
  const asOwner = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const res = spawnSync(file, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout}`);
  };
  const port = await freePort();
  asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  asOwner('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  log(`PostgreSQL ${bin.split('/').at(-2)} on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
