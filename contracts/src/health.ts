import type { z } from 'zod';
import type { healthResponseSchema } from './health.schemas';

export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type DatabaseDriver = HealthResponse['database']['driver'];
