// Zod schemas of the error body: the OpenAPI document (backend/src/common/openapi) is generated from
// them and the types in errors.ts are inferred from them, so the shape is written once.
import { z } from 'zod';
import { ERROR_CODES } from './errors';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() }).meta({ id: 'FieldError' });

export const errorBodySchema = z
  .object({
    statusCode: z.int(),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ErrorBody' });
