import { z } from 'zod';

/**
 * The probes a proxy or an orchestrator asks, outside the API's envelope and without a session:
 * `live` answers while the process runs, `ready` while it should be sent traffic (its database
 * answers, every migration ran, and it is not shutting down).
 */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** Why a process is not ready. */
export const READINESS_PROBLEMS = ['shutting_down', 'database_unreachable', 'migrations_pending'] as const;
export type ReadinessProblem = (typeof READINESS_PROBLEMS)[number];

/** 200 with `ok`, or 503 with `unavailable` and the problems. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  problems: z.array(z.enum(READINESS_PROBLEMS)),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
