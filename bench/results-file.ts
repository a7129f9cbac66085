import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

/**
 * Every benchmark keeps one current result: `bench/results/<benchmark>.md` to read and
 * `<benchmark>.json` with the same figures. A new run replaces them; earlier runs are in git, so an
 * A/B comparison is two commits of the same file, never a second file named after the occasion.
 */
export type Benchmark = 'page-weight' | 'lighthouse' | 'phone-lcp' | 'server-load' | 'export' | 'admin-orders' | 'mail-outbox' | 'backup' | 'retention' | 'reseller-api-order' | 'reseller-api-bulk' | 'server-render' | 'reports';

export const RESULTS_DIR = join(import.meta.dirname, 'results');

export interface BenchmarkResult {
  /** The markdown's heading. */
  title: string;
  /** The command that produced it, named in the markdown. */
  command: string;
  /** The figures, written to the JSON beside the time and the machine. */
  data: object;
  /** The markdown's sections. */
  body: string;
}

/** Writes `<benchmark>.{md,json}` and returns the markdown. */
export function writeResult(benchmark: Benchmark, { title, command, data, body }: BenchmarkResult): string {
  const when = new Date().toISOString();
  // The load average says how shared the machine was: figures of a busy hour read lower.
  const machine = `${cpus().length} cores, Node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
  const markdown = `# ${title}\n\n${when}, ${machine}. Produced by \`${command}\`; a measurement, not a test.\n\n${body.trimEnd()}\n`;
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${benchmark}.json`), `${JSON.stringify({ when, machine, ...data }, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, `${benchmark}.md`), markdown);
  return markdown;
}
