import { FIELD_MESSAGES } from '@atelier/contracts';
import { z } from 'zod';

// Building blocks of the request schemas; their messages are the required ones ('required', 'invalid email': docs/requirements/matrix-network.md#validation).

const requiredMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? FIELD_MESSAGES.required : 'must be text';

/** A trimmed, non-empty string of at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(max, FIELD_MESSAGES.tooLong(max));

export const emailField = (max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(max, FIELD_MESSAGES.tooLong(max))
    .pipe(z.email(FIELD_MESSAGES.invalidEmail))
    .transform((email) => email.toLowerCase());

export const uuidParam = (what: string) => z.uuid(`must be ${what} id`);

/** A list's `?limit=`: a whole number from 1 to maxLimit, defaultLimit when absent. */
export const listLimit = ({ maxLimit, defaultLimit }: { maxLimit: number; defaultLimit: number }) => {
  const between = `must be between 1 and ${maxLimit}`;
  return z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, between).max(maxLimit, between).default(defaultLimit);
};
