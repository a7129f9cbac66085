import { codeInOutbox } from './accounts';

/**
 * The newest code the carrier texted to the line of a SIM: the built-in carrier simulator writes
 * each SMS to the server's outbox with the ICCID it went to (binding needs proof).
 */
export function codeTextedToLine(iccid: string, timeoutMs = 10_000): Promise<string> {
  return codeInOutbox('sms', (m) => m.iccid === iccid, `texted to the line of ${iccid}`, timeoutMs);
}
