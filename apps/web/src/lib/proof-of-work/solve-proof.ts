import type { PowChallenge } from '@simshop/contract';
import type { PowWorkerReply, PowWorkerRequest } from './messages';

/**
 * Solves a challenge in a Web Worker. `onProgress` gets an estimate from 0 to 1: the chance that a
 * search of this length has found the answer, so it rises quickly and never promises a time.
 * Aborting stops the worker.
 */
export function solveProof(challenge: Pick<PowChallenge, 'nonce' | 'difficulty'>, onProgress: (estimate: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    const expected = 2 ** challenge.difficulty;
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<PowWorkerReply>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(Math.min(0.95, 1 - Math.exp(-message.tried / expected)));
      else {
        stop();
        if (message.type === 'done') {
          onProgress(1);
          resolve(message.solution);
        } else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'the check could not run'));
    };
    worker.postMessage({ nonce: challenge.nonce, difficulty: challenge.difficulty } satisfies PowWorkerRequest);
  });
}
