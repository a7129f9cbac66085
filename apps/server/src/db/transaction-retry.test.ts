import { describe, expect, it } from 'vitest';
import { isRetryable, withRetry } from './transaction-retry.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('transaction retry', () => {
  it('runs again after a deadlock, a serialization failure or a busy SQLite file', async () => {
    for (const code of ['40P01', '40001', 'SQLITE_BUSY']) {
      let runs = 0;
      const result = await withRetry(async () => {
        runs += 1;
        if (runs < 3) throw failure(code);
        return 'done';
      });
      expect(result).toBe('done');
      expect(runs).toBe(3);
    }
  });

  it('gives up after its attempts, and never retries other errors', async () => {
    let runs = 0;
    await expect(withRetry(async () => { runs += 1; throw failure('40P01'); }, 3)).rejects.toThrow('40P01');
    expect(runs).toBe(3);
    runs = 0;
    await expect(withRetry(async () => { runs += 1; throw failure('23505'); })).rejects.toThrow('23505');
    expect(runs).toBe(1);
    expect(isRetryable(new Error('wrapped', { cause: failure('40001') }))).toBe(true);
    expect(isRetryable('40P01')).toBe(false);
  });
});
