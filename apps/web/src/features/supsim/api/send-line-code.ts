import { useEndpointMutation } from '@/lib/endpoint-query';

/**
 * sim.send_code / supsim.send_code: texts a code to a card's own number, proving the line is the
 * customer's (SIM top-up and the supplementary SIM ask the same way, on their own endpoints).
 */
export function useSendLineCode(kind: 'sim' | 'supsim') {
  return useEndpointMutation(kind, 'send_code', { invalidates: [] });
}
