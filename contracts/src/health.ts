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
 * The gateway's `GET /health`: every part's readiness (`checks`) and, for each part that answered, its own
 * dependencies' states (MongoDB, Kafka, Redis, …), as `travelclub health` shows them.
 */
export const GatewayHealthSchema = ReadinessSchema.extend({
  dependencies: z.record(z.string(), z.record(z.string(), DependencyStateSchema)),
});
export type GatewayHealth = z.infer<typeof GatewayHealthSchema>;

/**
 * `GET /health/details`: the dead letters of this service's consumers that it has still not handled, per
 * dead-letter topic of every topic it consumes (0 when there are none).
 */
export const HealthDetailsSchema = z.object({
  deadLetters: z.record(z.string(), z.number().int().min(0)),
});
export type HealthDetails = z.infer<typeof HealthDetailsSchema>;
