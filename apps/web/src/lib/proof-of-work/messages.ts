/** What the page and the proof-of-work worker say to each other. */
export interface PowWorkerRequest {
  nonce: string;
  difficulty: number;
}

export type PowWorkerReply = { type: 'progress'; tried: number } | { type: 'done'; solution: string; tried: number } | { type: 'error'; message: string };
