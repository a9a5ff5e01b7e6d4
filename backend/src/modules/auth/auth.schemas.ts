import { FIELD_MESSAGES, SOCIAL_LIMITS as LIMITS } from '@atelier/contracts';
import { z } from 'zod';
import { emailField, requiredText } from '../../common/validation/fields';
import { pictureFileField, clientFileName } from '../media/picture-fields';

const password = z
  .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : 'must be text') })
  .min(1, FIELD_MESSAGES.required)
  .min(LIMITS.passwordMin, FIELD_MESSAGES.tooShort(LIMITS.passwordMin))
  .max(LIMITS.passwordMax, FIELD_MESSAGES.tooLong(LIMITS.passwordMax));

/** The register form's fields plus its file; `picturePath` (the client's file name) is checked, then ignored. */
export const registerSchema = z.strictObject({
  firstName: requiredText(LIMITS.firstName),
  lastName: requiredText(LIMITS.lastName),
  email: emailField(LIMITS.email),
  password,
  location: requiredText(LIMITS.location),
  occupation: requiredText(LIMITS.occupation),
  picture: pictureFileField({ required: true }),
  picturePath: clientFileName.optional(),
});
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailField(LIMITS.email),
  // Only presence is checked: a too-short password simply does not match.
  password: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : 'must be text') })
    .min(1, FIELD_MESSAGES.required)
    .max(LIMITS.passwordMax, FIELD_MESSAGES.tooLong(LIMITS.passwordMax)),
});
export type LoginInput = z.output<typeof loginSchema>;
