import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The processes a load run measures: started, watched (CPU, memory) and stopped. */
const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');

/** BENCH_PORT (and the next port for hello world) when set, so a shared machine's ranges are kept; any free port otherwise. */
export async function freePort(offset: number): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT) + offset;
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `args` run by tsx, or by node itself when the first is a built `.mjs` (the server as `npm start` runs it). */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const built = args.some((a) => a.endsWith('.mjs'));
  // Its own process group: tsx runs node as a child, and stopping must reach both.
  // BENCH_SERVER_STDOUT: the server's standard output (its log, or --trace-gc's lines) appended to that file.
  const stdout = built && process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child = spawn(built ? process.execPath : tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'], detached: true });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop(child, 'SIGKILL');
  throw new Error(`${args.join(' ')} did not start`);
}

export async function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    const timer = setTimeout(() => {
      stop(child, 'SIGKILL');
      done();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds (clock ticks are 10 ms on Linux). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every process named `postgres` (the cluster's backends and its own processes), in milliseconds. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // Its own time and, for the postmaster, that of the backends it has reaped: a connection
      // closed during a run (the pool's idle timeout, its lifetime) keeps counting.
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The node process tsx started for the server (tsx itself is a small parent): the one whose memory counts. */
export function serverPid(tsxPid: number | undefined): number | undefined {
  if (!tsxPid) return undefined;
  try {
    const children = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : tsxPid;
  } catch {
    return tsxPid;
  }
}

/**
 * BENCH_MEMORY=1: a module the server imports first (`--import`), sampling its own memory every
 * 100 ms and writing the sample at the highest RSS, each field's highest and the GCs seen to
 * `file` once a second. Sampling costs well under 1 % of a core.
 */
export function memorySampler(file: string): string {
  return `
import { writeFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
const mb = (b) => Math.round(b / 1048576);
let atMaxRss = null;
const max = {};
const gc = { majorGcs: 0, minorGcs: 0, gcPauseMs: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = e.detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorGcs++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minorGcs++;
    gc.gcPauseMs += e.duration;
  }
}).observe({ entryTypes: ['gc'] });
function sample() {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const heap = getHeapStatistics();
  const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (name) => Number(new RegExp(name + ':[ ]+([0-9]+)').exec(rollup)?.[1] ?? 0) * 1024;
  const mem = process.memoryUsage();
  const s = {
    rss: mb(kb('Rss')),
    heapCommitted: mb(heap.total_physical_size),
    heapUsed: mb(heap.used_heap_size),
    newSpace: mb(spaces.new_space ?? 0),
    oldSpace: mb(spaces.old_space ?? 0),
    codeSpace: mb(spaces.code_space ?? 0),
    largeObjectSpace: mb((spaces.large_object_space ?? 0) + (spaces.new_large_object_space ?? 0)),
    external: mb(mem.external),
    anonymous: mb(kb('Anonymous')),
    fileBacked: mb(kb('Rss') - kb('Anonymous')),
    native: mb(kb('Anonymous') - heap.total_physical_size),
  };
  if (!atMaxRss || s.rss > atMaxRss.rss) atMaxRss = s;
  for (const [k, v] of Object.entries(s)) max[k] = Math.max(max[k] ?? 0, v);
}
setInterval(sample, 100).unref();
setInterval(() => writeFileSync(${JSON.stringify(file)}, JSON.stringify({ atMaxRss, max, ...gc, gcPauseMs: Math.round(gc.gcPauseMs) })), 1000).unref();
`;
}
