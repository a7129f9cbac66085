import { z } from 'zod';

/**
 * The GSMA ES2+ JSON the shop (operator) and an SM-DP+ exchange (SGP.22 v2, §5.3 and §6.5):
 * the client, the built-in simulator and the notification route all use these schemas.
 */
export const ES2PLUS_PREFIX = '/gsma/rsp2/es2plus';
export const ADMIN_PROTOCOL = 'gsma/rsp/v2.2.0';

export const requestHeader = z.object({ functionRequesterIdentifier: z.string(), functionCallIdentifier: z.string() });
export const executionStatus = z.object({
  status: z.enum(['Executed-Success', 'Executed-WithWarning', 'Failed', 'Expired']),
  statusCodeData: z.object({ subjectCode: z.string(), reasonCode: z.string(), message: z.string().optional() }).optional(),
});
export const responseHeader = z.object({ functionExecutionStatus: executionStatus });

export const downloadOrderRequest = z.object({ header: requestHeader, eid: z.string().optional(), iccid: z.string().optional(), profileType: z.string().optional() });
export const downloadOrderResponse = z.object({ header: responseHeader, iccid: z.string().optional() });

export const confirmOrderRequest = z.object({
  header: requestHeader,
  iccid: z.string(),
  eid: z.string().optional(),
  matchingId: z.string().optional(),
  confirmationCode: z.string().optional(),
  smdsAddress: z.string().optional(),
  releaseFlag: z.boolean(),
});
export const confirmOrderResponse = z.object({ header: responseHeader, eid: z.string().optional(), matchingId: z.string().optional(), smdpAddress: z.string().optional() });

export const cancelOrderRequest = z.object({
  header: requestHeader,
  iccid: z.string(),
  eid: z.string().optional(),
  matchingId: z.string().optional(),
  finalProfileStatusIndicator: z.enum(['Available', 'Unavailable']),
});
export const plainResponse = z.object({ header: responseHeader });

/**
 * Download progress points (SGP.22 §5.3.5): 1 eligibility check, 2 confirmation failure,
 * 3 BPP download, 4 BPP installation, 5 deletion. 6 and 7 (profile enabled, disabled) are this
 * shop's extension for SM-DP+s that also report local profile management.
 */
export const NotificationPoint = { eligibility: 1, confirmationFailure: 2, download: 3, installation: 4, deletion: 5, enabled: 6, disabled: 7 } as const;

export const handleDownloadProgressInfoRequest = z.object({
  header: requestHeader,
  eid: z.string().optional(),
  iccid: z.string(),
  profileType: z.string().optional(),
  timestamp: z.string(),
  notificationPointId: z.number().int().min(1).max(7),
  notificationPointStatus: executionStatus,
  resultData: z.string().optional(),
});
export type DownloadProgressInfo = z.infer<typeof handleDownloadProgressInfoRequest>;

export const success = { functionExecutionStatus: { status: 'Executed-Success' as const } };
export const failure = (subjectCode: string, reasonCode: string, message: string) => ({ functionExecutionStatus: { status: 'Failed' as const, statusCodeData: { subjectCode, reasonCode, message } } });
