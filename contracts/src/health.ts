// Liveness and readiness answers of every service.
import { z } from 'zod';

export const LivenessSchema = z.object({ status: z.literal('live') });
export const DependencyStateSchema = z.enum(['up', 'down']);
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), DependencyStateSchema),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/**
 * `GET /health/details`: the dead letters of this service's consumers that it has still not handled, per
 * dead-letter topic of every topic it consumes (0 when there are none).
 */
export const HealthDetailsSchema = z.object({
  deadLetters: z.record(z.string(), z.number().int().min(0)),
});
export type HealthDetails = z.infer<typeof HealthDetailsSchema>;
