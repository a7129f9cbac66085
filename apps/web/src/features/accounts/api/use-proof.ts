import { useState } from 'react';
import type { CodePurpose, PowChallenge } from '@simshop/contract';
import { useImageCode } from './image-code';
import { solveProof } from '@/lib/proof-of-work/solve-proof';

/**
 * The proof of work a code sent or a new account costs the browser: `ask` gets a challenge for one
 * purpose from the server, `solve` finds its answer in a Web Worker while `progress` rises.
 */
export function useProof(signedIn = false) {
  const [progress, setProgress] = useState(0);
  const imageCode = useImageCode(signedIn);
  const ask = (purpose: CodePurpose) => {
    setProgress(0);
    return imageCode.mutateAsync({ purpose });
  };
  const solve = async (challenge: PowChallenge, signal?: AbortSignal) => ({ seedId: challenge.seedId, solution: await solveProof(challenge, setProgress, signal) });
  return { ask, solve, progress };
}
