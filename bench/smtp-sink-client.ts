import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { cpuMs, serverPid, stop } from './server-process.ts';

const root = resolve(import.meta.dirname, '..');

/** The mail bench's view of its SMTP sink process (smtp-sink-process.ts): what arrived, and when. */
export interface SinkProcess {
  url: string;
  /** Every message accepted, in order of arrival: its Message-ID and the wall-clock time its last byte came. */
  arrivals: Array<{ id: string; at: number }>;
  /** Holds every message from now on unanswered (the shop's send waits, as on a stalled mail server). */
  hold(): void;
  /** Answers the held messages and every later one at once. */
  release(): void;
  /** Resolves once `count` messages have arrived whose Message-ID `wanted` accepts, or after `ms`. */
  waitFor(wanted: (id: string) => boolean, count: number, ms: number): Promise<void>;
  cpuMs(): number;
  process: ChildProcess;
}

export async function startSinkProcess(): Promise<SinkProcess> {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['bench/smtp-sink-process.ts'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  const arrivals: SinkProcess['arrivals'] = [];
  const waiters = new Set<() => void>();
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the SMTP sink exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; id?: string; at?: number };
      if (message.port) return done(message.port);
      arrivals.push({ id: message.id ?? '', at: message.at ?? Date.now() });
      for (const check of waiters) check();
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    hold: () => child.stdin!.write('hold\n'),
    release: () => child.stdin!.write('release\n'),
    waitFor: (wanted, count, ms) =>
      new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
          done();
        };
        const check = () => {
          if (arrivals.filter((a) => wanted(a.id)).length >= count) finish();
        };
        const timer = setTimeout(finish, ms);
        waiters.add(check);
        check();
      }),
    cpuMs: () => cpuMs(serverPid(child.pid)),
    process: child,
  };
}

export function stopSink(sink: SinkProcess): void {
  stop(sink.process);
}
