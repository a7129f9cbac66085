import SonicBoom from 'sonic-boom';

/** How long a failed log destination rests before it is tried again. */
const RETRY_AFTER_MS = 10_000;
/** How long the log's last lines may take to be written out before the process exits. */
const FLUSH_DEADLINE_MS = 1_000;

export interface LogDestination {
  write(line: string): void;
  /** Writes out what is buffered, giving up after a second (a full disk takes nothing). */
  flush(): Promise<void>;
}

/**
 * The server's log on standard output through SonicBoom (pino's own writer), without two
 * behaviours of pino's default destination that a full disk turns fatal: it re-emits every write
 * error but a broken pipe with no listener (a log redirected to a full disk, ENOSPC or EFBIG,
 * ended the shop although its database rode the full disk out), and at exit it flushes
 * synchronously, retrying for ever (the process never ended). Here a failed write is reported
 * once on stderr and the log's lines are dropped (and counted) until the destination is tried
 * again RETRY_AFTER_MS later; the last flush has a deadline. Lines of a failed period are not
 * kept or written elsewhere.
 */
export function failSafeStdout(fd = 1): LogDestination {
  let failedAt: number | null = null;
  let dropped = 0;
  const open = () => {
    const stream = new SonicBoom({ fd, sync: false });
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (stream !== current || failedAt !== null) return;
      failedAt = Date.now();
      try {
        process.stderr.write(`simshop: writing the log failed (${err.code ?? err.message}); its lines are dropped for ${RETRY_AFTER_MS / 1000} s, then it is tried again\n`);
      } catch {
        // stderr may be on the same full disk: nothing else to tell it with.
      }
    });
    return stream;
  };
  let current = open();
  return {
    write(line) {
      if (failedAt !== null) {
        if (Date.now() - failedAt < RETRY_AFTER_MS) {
          dropped += 1;
          return;
        }
        // The failed stream is left as it is (closing it would close the shared descriptor).
        failedAt = null;
        current = open();
        if (dropped > 0) current.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines were dropped while writing the log failed` })}\n`);
        dropped = 0;
      }
      current.write(line);
    },
    flush() {
      if (failedAt !== null) return Promise.resolve();
      return new Promise<void>((done) => {
        const timer = setTimeout(done, FLUSH_DEADLINE_MS);
        current.flush(() => {
          clearTimeout(timer);
          done();
        });
      });
    },
  };
}
