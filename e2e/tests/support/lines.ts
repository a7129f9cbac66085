import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest code the carrier texted to the line of a SIM: the built-in carrier simulator writes
 * each SMS to the server's outbox with the ICCID it went to (binding needs proof, issue 10).
 */
export async function codeTextedToLine(iccid: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { text: string; iccid?: string };
      if (message.iccid === iccid) return /\b(\d{6})\b/.exec(message.text)![1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code was texted to the line of ${iccid}`);
}
