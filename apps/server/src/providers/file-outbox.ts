import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Development and test delivery: each message becomes a JSON file under data/outbox/<kind>/,
 * newest name last, so a developer (or a test) reads the code that was "sent".
 */
export async function writeOutboxFile(dataDir: string, kind: 'mail' | 'sms', to: string, message: unknown): Promise<string> {
  const dir = join(dataDir, 'outbox', kind);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${Date.now()}-${process.hrtime.bigint()}-${to.replace(/[^a-zA-Z0-9@.+-]/g, '_')}.json`);
  await writeFile(file, `${JSON.stringify({ to, ...(message as object) }, null, 2)}\n`);
  return file;
}
