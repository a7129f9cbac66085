import { SmdpError, type SmdpProvider } from '../providers/smdp.ts';
import { cancelOrderRequest, confirmOrderRequest, downloadOrderRequest, type responseHeader } from '../providers/es2plus-protocol.ts';
import type { z } from 'zod';
import { createSimulatedSmdp } from './simulator.ts';

/**
 * The SM-DP+ simulator's profiles as an SmdpProvider called in this process, without HTTP: the
 * reseller API's sandbox gives out simulated eSIMs this way in production too, where the
 * simulator's HTTP routes are not served. Requests are checked by the same ES2+ schemas the
 * routes parse with, and a failed function is an SmdpError, as the HTTP provider reports it.
 */
export function createInProcessSmdp(options: { smdpAddress: string; requester: string }): SmdpProvider {
  const smdp = createSimulatedSmdp(options.smdpAddress);
  const header = (callId: string) => ({ functionRequesterIdentifier: options.requester, functionCallIdentifier: callId });
  function executed<T extends { header: z.output<typeof responseHeader> }>(fn: string, answer: T): T {
    const status = answer.header.functionExecutionStatus;
    if (status.status !== 'Executed-Success') throw new SmdpError(`simulated SM-DP+ ${fn} failed: ${status.statusCodeData?.message ?? status.status}`);
    return answer;
  }
  return {
    async downloadOrder(input) {
      const res = executed('downloadOrder', smdp.downloadOrder(downloadOrderRequest.parse({ header: header(input.callId), profileType: input.profileType, eid: input.eid })));
      return { iccid: res.iccid };
    },
    async confirmOrder(input) {
      const res = executed('confirmOrder', smdp.confirmOrder(confirmOrderRequest.parse({ header: header(input.callId), iccid: input.iccid, eid: input.eid, releaseFlag: true })));
      if (!res.matchingId || !res.smdpAddress) throw new SmdpError('simulated SM-DP+ confirmOrder returned no matching id or address');
      return { matchingId: res.matchingId, smdpAddress: res.smdpAddress };
    },
    async cancelOrder(input) {
      executed('cancelOrder', smdp.cancelOrder(cancelOrderRequest.parse({ header: header(input.callId), iccid: input.iccid, finalProfileStatusIndicator: input.final })));
    },
  };
}
