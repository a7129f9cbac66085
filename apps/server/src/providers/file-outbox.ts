import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Development and test delivery: each message becomes a JSON file under data/outbox/<kind>/,
 * newest name last, so a developer (or a test) reads the code that was "sent". Written under a
 * hidden temporary name and renamed into place: a reader listing the folder never finds half a
 * message (a browser test once read one mid-write). The temporary file sits beside the folder, not
 * in it, so no reader of the folder needs to know.
 */
export async function writeOutboxFile(dataDir: string, kind: 'mail' | 'sms', to: string, message: unknown): Promise<string> {
  const dir = join(dataDir, 'outbox', kind);
  await mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${process.hrtime.bigint()}-${to.replace(/[^a-zA-Z0-9@.+-]/g, '_')}.json`;
  const file = join(dir, name);
  const partial = join(dataDir, 'outbox', `.${kind}-${name}.partial`);
  await writeFile(partial, `${JSON.stringify({ to, ...(message as object) }, null, 2)}\n`);
  await rename(partial, file);
  return file;
}
