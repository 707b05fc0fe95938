// Liveness and readiness answers of every service.
import { z } from 'zod';

export const LivenessSchema = z.object({ status: z.literal('live') });
export const DependencyStateSchema = z.enum(['up', 'down']);
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), DependencyStateSchema),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
