import type { z } from 'zod';
import {
  ADMIN_PROTOCOL,
  cancelOrderRequest,
  confirmOrderRequest,
  confirmOrderResponse,
  downloadOrderRequest,
  downloadOrderResponse,
  ES2PLUS_PREFIX,
  plainResponse,
  responseHeader,
} from './es2plus-protocol.ts';

/** The shop's side of ES2+: asks the SM-DP+ for profiles and releases them for download. */
export interface SmdpProvider {
  downloadOrder(input: { callId: string; profileType?: string | undefined; eid?: string | undefined }): Promise<{ iccid: string }>;
  confirmOrder(input: { callId: string; iccid: string; eid?: string | undefined }): Promise<{ matchingId: string; smdpAddress: string }>;
  cancelOrder(input: { callId: string; iccid: string; final: 'Available' | 'Unavailable' }): Promise<void>;
}

export class SmdpError extends Error {}

export function createSmdpProvider(options: { baseUrl: () => string; apiKey: string; requester: string }): SmdpProvider {
  async function call<S extends z.ZodType>(fn: string, body: unknown, schema: S): Promise<z.output<S>> {
    const res = await fetch(`${options.baseUrl()}${ES2PLUS_PREFIX}/${fn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL, authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new SmdpError(`SM-DP+ ${fn} answered HTTP ${res.status}`);
    const json: unknown = await res.json();
    const header = responseHeader.safeParse((json as { header?: unknown }).header);
    if (!header.success) throw new SmdpError(`SM-DP+ ${fn} sent no ES2+ header`);
    const status = header.data.functionExecutionStatus;
    if (status.status !== 'Executed-Success' && status.status !== 'Executed-WithWarning') {
      throw new SmdpError(`SM-DP+ ${fn} failed: ${status.statusCodeData?.subjectCode ?? ''}/${status.statusCodeData?.reasonCode ?? ''} ${status.statusCodeData?.message ?? status.status}`);
    }
    return schema.parse(json);
  }
  const header = (callId: string) => ({ functionRequesterIdentifier: options.requester, functionCallIdentifier: callId });
  return {
    async downloadOrder(input) {
      const res = await call('downloadOrder', downloadOrderRequest.parse({ header: header(input.callId), profileType: input.profileType, eid: input.eid }), downloadOrderResponse);
      if (!res.iccid) throw new SmdpError('SM-DP+ downloadOrder returned no ICCID');
      return { iccid: res.iccid };
    },
    async confirmOrder(input) {
      const res = await call('confirmOrder', confirmOrderRequest.parse({ header: header(input.callId), iccid: input.iccid, eid: input.eid, releaseFlag: true }), confirmOrderResponse);
      if (!res.matchingId || !res.smdpAddress) throw new SmdpError('SM-DP+ confirmOrder returned no matching id or address');
      return { matchingId: res.matchingId, smdpAddress: res.smdpAddress };
    },
    async cancelOrder(input) {
      await call('cancelOrder', cancelOrderRequest.parse({ header: header(input.callId), iccid: input.iccid, finalProfileStatusIndicator: input.final }), plainResponse);
    },
  };
}
