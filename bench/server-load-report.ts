import { writeResult } from './results-file.ts';

/** What a load run found, and the markdown of bench/results/server-load.md. */
export interface LoadRound {
  /** Orders per second for a checkout (two requests each). */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Requests per second of the bare hello world run just before this one. */
  helloRequestsPerSecond: number;
  /** requestsPerSecond / helloRequestsPerSecond. */
  ratio: number;
  /** CPU time the server process spent per request (per order for a checkout), in microseconds. */
  serverCpuUs: number;
  /** The same for hello world; helloCpuUs / serverCpuUs is the ratio a quiet machine would show for a CPU-bound target. */
  helloCpuUs: number;
  cpuRatio: number;
  /** PostgreSQL only: CPU time of every `postgres` process on the machine per request (per order for a checkout), in microseconds. */
  databaseCpuUs?: number;
}

/** One target: the round with the median ratio, the spread of the ratio over the rounds, and every round. */
export interface LoadFigure extends LoadRound {
  name: string;
  connections: number;
  /** Over all rounds: transport errors, timeouts and refused envelopes. */
  errors: number;
  non2xx: number;
  ratioMin: number;
  ratioMax: number;
  /** Highest server RSS seen during this target's rounds (sampled every 500 ms). */
  serverMaxRssMb: number;
  rounds: LoadRound[];
}

export interface SoakResult {
  minutes: number;
  /** Server RSS every 10 s of constant load (product list, cart list and checkout, in turn). */
  rssMb: number[];
  /** Mean RSS of the first and of the last minute. */
  firstMinuteMb: number;
  lastMinuteMb: number;
  requests: number;
  errors: number;
  /** CPU time of the server process per request over the soak, in microseconds. */
  serverCpuUs?: number;
  latencyP99Ms?: number;
}

export interface ServerLoadResult {
  engine: 'sqlite' | 'postgres';
  seconds: number;
  repeat: number;
  figures: LoadFigure[];
  /** Highest resident memory of the server process seen during the runs. */
  serverMaxRssMb: number;
  /** The node flags the server ran with (those of its build's start script, then BENCH_NODE_ARGS). */
  nodeFlags?: string[];
  /** BENCH_MEMORY=1: what the server's memory was made of when its RSS was highest, and each part's own highest. */
  memory?: MemoryBreakdown;
  soak?: SoakResult;
}

/** Megabytes, sampled inside the server every 100 ms (process.memoryUsage, v8.getHeapSpaceStatistics, /proc/self/smaps_rollup). */
export interface MemorySample {
  rss: number;
  /** V8's heap as committed (all spaces), and what of it is in use. */
  heapCommitted: number;
  heapUsed: number;
  newSpace: number;
  oldSpace: number;
  codeSpace: number;
  largeObjectSpace: number;
  /** Memory outside V8's heap that V8 knows of (Buffers, ArrayBuffers). */
  external: number;
  /** RSS that is anonymous memory (heap, malloc) and what is mapped from files (code of node and its addons, the database's shared memory). */
  anonymous: number;
  fileBacked: number;
  /** Anonymous RSS beyond V8's committed heap: malloc (SQLite's page caches, V8's compiler zones, buffers), thread stacks. */
  native: number;
}

export interface MemoryBreakdown {
  atMaxRss: MemorySample;
  max: MemorySample;
  /** Major (mark-compact) and minor (scavenge) collections in the whole run, and their total pause. */
  majorGcs: number;
  minorGcs: number;
  gcPauseMs: number;
}

/** The server's targets, as ratios to hello world (and p99 for checkout). */
export const TARGETS: Record<string, { ratio?: number; p99Ms?: number; noErrors?: boolean }> = {
  'product list (signed)': { ratio: 0.3 },
  'product detail (signed)': { ratio: 0.25 },
  'cart list (signed in, one line)': { ratio: 0.2 },
  'checkout (create + pay from balance), 10 buyers': { ratio: 0.01, p99Ms: 25 },
  'checkout (create + pay from balance), 100 buyers': { p99Ms: 150, noErrors: true },
};

export function meetsTarget(f: LoadFigure): boolean {
  const t = TARGETS[f.name];
  if (!t) return true;
  return (t.ratio === undefined || f.ratio >= t.ratio) && (t.p99Ms === undefined || f.latencyP99Ms < t.p99Ms) && (!t.noErrors || (f.errors === 0 && f.non2xx === 0));
}

const pct = (r: number) => `${(r * 100).toFixed(r < 0.1 ? 2 : 1)} %`;

export function serverLoadMarkdown(results: ServerLoadResult[], heading = '## Server load (own processes, alternating with hello world)'): string {
  const lines = [heading, ''];
  for (const r of results) {
    lines.push(
      `### ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} — ${r.repeat} round(s) of ${r.seconds} s per target, median round shown; server RSS max **${r.serverMaxRssMb} MB**`,
      '',
      ...(r.nodeFlags?.length ? [`Server started with \`node ${r.nodeFlags.join(' ')}\`.`, ''] : []),
      `| target | buyers/conn | req/s (orders/s) | hello req/s | ratio (min–max) | target | p50 ms | p99 ms | errors | non-2xx | server CPU µs/req | hello CPU µs/req | CPU ratio | RSS max MB |${r.engine === 'postgres' ? ' PostgreSQL CPU µs/req |' : ''}`,
      `|---|---|---|---|---|---|---|---|---|---|---|---|---|---|${r.engine === 'postgres' ? '---|' : ''}`,
      ...r.figures.map((f) => {
        // PostgreSQL has no targets: those it had needed it on cores of its own (docs/decisions.md).
        const t = r.engine === 'sqlite' ? TARGETS[f.name] : undefined;
        const goal = [t?.ratio !== undefined ? `≥ ${pct(t.ratio)}` : '', t?.p99Ms !== undefined ? `p99 < ${t.p99Ms}` : '', t?.noErrors ? 'no error' : ''].filter(Boolean).join(', ');
        return `| ${f.name} | ${f.connections} | ${f.requestsPerSecond} | ${f.helloRequestsPerSecond} | **${pct(f.ratio)}** (${pct(f.ratioMin)}–${pct(f.ratioMax)}) | ${t ? `${goal} ${meetsTarget(f) ? '✓' : '✗'}` : 'none'} | ${f.latencyP50Ms} | ${f.latencyP99Ms} | ${f.errors} | ${f.non2xx} | ${f.serverCpuUs} | ${f.helloCpuUs} | ${pct(f.cpuRatio)} | ${f.serverMaxRssMb ?? ''} |${r.engine === 'postgres' ? ` ${f.databaseCpuUs ?? ''} |` : ''}`;
      }),
      '',
    );
    if (r.memory) {
      const m = r.memory;
      const parts = (x: MemorySample) => `RSS ${x.rss}: V8 heap ${x.heapCommitted} committed (${x.heapUsed} used; new space ${x.newSpace}, old ${x.oldSpace}, code ${x.codeSpace}, large objects ${x.largeObjectSpace}), native beyond the heap ${x.native}, file-backed ${x.fileBacked}, external ${x.external}`;
      lines.push(`Memory (MB, sampled in the server every 100 ms) at the highest RSS: ${parts(m.atMaxRss)}. Each part's own highest: ${parts(m.max)}. GCs: ${m.majorGcs} major, ${m.minorGcs} minor, ${m.gcPauseMs} ms of pauses.`, '');
    }
    if (r.soak) {
      lines.push(`Soak: ${r.soak.minutes} min of constant mixed load (list, cart, create, pay; 10 connections), ${r.soak.requests} requests, ${r.soak.errors} errors${r.soak.serverCpuUs === undefined ? '' : `, server CPU ${r.soak.serverCpuUs} µs/request, p99 ${r.soak.latencyP99Ms} ms`}; RSS first minute ${r.soak.firstMinuteMb} MB, last minute ${r.soak.lastMinuteMb} MB; every 10 s: ${r.soak.rssMb.join(', ')}.`, '');
    }
  }
  return lines.join('\n');
}

/** Writes bench/results/server-load.{md,json}, the benchmark's one current result. */
export function writeServerLoad(results: ServerLoadResult[]): string {
  return writeResult('server-load', { title: 'Server load', command: 'npx tsx bench/server-load.ts', data: { results }, body: serverLoadMarkdown(results) });
}
