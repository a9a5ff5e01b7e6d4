import { PipeTransform } from '@nestjs/common';
import type { FieldError } from '@atelier/contracts';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import { nulCharacterFields } from './nul-characters';

function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const details: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ field: [...issue.path, key].join('.'), message: 'is not an accepted field' });
      continue;
    }
    const field = issue.path.join('.') || '(body)';
    // One message per field is what a form can show; the first is the most basic (required before too long).
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: issue.message });
  }
  return details;
}

/** Parses a value with a zod schema; failures become VALIDATION_FAILED with one entry per field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const nulFields = nulCharacterFields(value);
  const parsed = nulFields.length === 0 ? schema.safeParse(value ?? {}) : undefined;
  if (parsed?.success) return parsed.data;
  const details = parsed ? fieldErrors(parsed.error) : nulFields;
  const summary = details.map((d) => `${d.field} ${d.message}`).join('; ');
  throw new AppError('VALIDATION_FAILED', `Invalid input: ${summary}`, details);
}

/** `@Body(new ZodValidationPipe(schema))`: one schema per request, applied at the edge. */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.output<T> {
    return parseInput(this.schema, value);
  }
}
