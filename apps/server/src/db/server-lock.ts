import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One server process per SQLite file: two would each keep their own in-process writer queue and
 * outbox worker on one file. The server writes its pid into `<file>.server.lock`; a second
 * server finds a live pid there and refuses to start; a lock left by a killed process (kill -9,
 * power cut) names a dead pid and is taken over. The admin CLI does not claim the file.
 */
export function claimServerLock(sqliteFile: string): () => void {
  const lockFile = `${sqliteFile}.server.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const holder = Number(readFileSafe(lockFile));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`Another simshop server (pid ${holder}) is already using the SQLite database ${sqliteFile}. Run one server per SQLite file, or use PostgreSQL (DATABASE_URL) to run several.`);
      }
      unlinkSafe(lockFile);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (Number(readFileSafe(lockFile)) === process.pid) unlinkSafe(lockFile);
  };
  process.on('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function unlinkSafe(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
