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
