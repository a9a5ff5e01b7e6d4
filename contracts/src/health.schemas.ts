// GET /api/health as a zod schema (see errors.schemas.ts for why).
import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      ok: z.boolean(),
      latencyMs: z.number().nullable(),
      error: z.string().optional(),
    }),
  })
  .meta({ id: 'HealthResponse' });
