import { FIELD_MESSAGES, GUEST_ACCOUNT, SOCIAL_LIMITS, type Member } from '@atelier/contracts';
import { mixed, object, string, type ObjectSchema } from 'yup';
import type { RegisterRequest } from '../../store/social-api';

// The lobby's two forms, checked with the same limits and messages the API answers with (docs/requirements/matrix-network.md#validation).

/** What POST /auth/login takes. */
export type LoginFields = Required<Pick<Member, 'email'>> & { password: string };

/** The Create Account form while it is being filled in: no picture chosen yet is `null`. */
export type RegisterValues = Omit<RegisterRequest, 'picture'> & { picture: File | null };

const requiredText = (max: number) =>
  string().trim().required(FIELD_MESSAGES.required).max(max, FIELD_MESSAGES.tooLong(max));

const email = () => requiredText(SOCIAL_LIMITS.email).email(FIELD_MESSAGES.invalidEmail);

export const loginSchema: ObjectSchema<LoginFields> = object({
  email: email(),
  password: string().required(FIELD_MESSAGES.required),
});

/** Validates the form's values into exactly what `socialApi.register` sends. */
export const registerSchema: ObjectSchema<RegisterRequest> = object({
  firstName: requiredText(SOCIAL_LIMITS.firstName),
  lastName: requiredText(SOCIAL_LIMITS.lastName),
  location: requiredText(SOCIAL_LIMITS.location),
  occupation: requiredText(SOCIAL_LIMITS.occupation),
  picture: mixed((value): value is File => value instanceof File).required(FIELD_MESSAGES.required),
  email: email(),
  password: string()
    .required(FIELD_MESSAGES.required)
    .min(SOCIAL_LIMITS.passwordMin, FIELD_MESSAGES.tooShort(SOCIAL_LIMITS.passwordMin))
    .max(SOCIAL_LIMITS.passwordMax, FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.passwordMax)),
});

/** The sign-in form starts with the guest account, or with the email of the account just created. */
export const loginInitialValues = (registeredEmail: string | null): LoginFields =>
  registeredEmail === null ? { ...GUEST_ACCOUNT } : { email: registeredEmail, password: '' };

export const registerInitialValues: RegisterValues = {
  firstName: '',
  lastName: '',
  location: '',
  occupation: '',
  picture: null,
  email: '',
  password: '',
};
