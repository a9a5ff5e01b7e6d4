import { FIELD_MESSAGES, GUEST_ACCOUNT, SOCIAL_LIMITS } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { ValidationError, type Schema } from 'yup';
import { loginInitialValues, loginSchema, registerInitialValues, registerSchema, type RegisterValues } from './lobby-schemas';

/** Every field's first message, as Formik shows them. */
function messagesOf(schema: Schema, values: unknown): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const messages: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !messages[inner.path]) messages[inner.path] = inner.message;
    return messages;
  }
}

const picture = new File(['png'], 'me.png', { type: 'image/png' });
const complete: RegisterValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: 'London',
  occupation: 'Engineer',
  picture,
  email: 'ada@example.com',
  password: 'analytical',
};

describe('login schema', () => {
  it('accepts the guest account it starts with', () => {
    expect(loginInitialValues(null)).toEqual(GUEST_ACCOUNT);
    expect(messagesOf(loginSchema, loginInitialValues(null))).toEqual({});
  });

  it("starts with a just-registered member's email and no password", () => {
    expect(loginInitialValues('new@example.com')).toEqual({ email: 'new@example.com', password: '' });
  });

  it("says 'required' for empty fields and 'invalid email' for a malformed one", () => {
    expect(messagesOf(loginSchema, { email: '', password: '' })).toEqual({
      email: FIELD_MESSAGES.required,
      password: FIELD_MESSAGES.required,
    });
    expect(messagesOf(loginSchema, { email: 'ada@', password: 'x' })).toEqual({ email: FIELD_MESSAGES.invalidEmail });
  });

  it('sends the email without surrounding spaces', () => {
    expect(loginSchema.validateSync({ email: ' ada@example.com ', password: 'pw' }).email).toBe('ada@example.com');
  });
});

describe('register schema', () => {
  it('starts empty and requires every field, the picture too', () => {
    expect(messagesOf(registerSchema, registerInitialValues)).toEqual({
      firstName: 'required',
      lastName: 'required',
      location: 'required',
      occupation: 'required',
      picture: 'required',
      email: 'required',
      password: 'required',
    });
  });

  it('validates complete values into what the API call takes, the picture untouched', () => {
    const fields = registerSchema.validateSync({ ...complete, firstName: '  Ada ' });
    expect(fields).toEqual({ ...complete, firstName: 'Ada' });
    expect(fields.picture).toBe(picture);
  });

  it("treats blank text as missing and says 'invalid email'", () => {
    expect(messagesOf(registerSchema, { ...complete, location: '   ', email: 'not-an-email' })).toEqual({
      location: FIELD_MESSAGES.required,
      email: FIELD_MESSAGES.invalidEmail,
    });
  });

  it("applies the API's length limits with its messages", () => {
    const tooLong = (field: keyof typeof SOCIAL_LIMITS) => 'x'.repeat(SOCIAL_LIMITS[field] + 1);
    expect(
      messagesOf(registerSchema, {
        ...complete,
        firstName: tooLong('firstName'),
        lastName: tooLong('lastName'),
        location: tooLong('location'),
        occupation: tooLong('occupation'),
        password: tooLong('passwordMax'),
      }),
    ).toEqual({
      firstName: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.firstName),
      lastName: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.lastName),
      location: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.location),
      occupation: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.occupation),
      password: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.passwordMax),
    });
    expect(messagesOf(registerSchema, { ...complete, firstName: 'x'.repeat(SOCIAL_LIMITS.firstName) })).toEqual({});
  });

  it(`needs a password of at least ${SOCIAL_LIMITS.passwordMin} characters`, () => {
    const short = 'x'.repeat(SOCIAL_LIMITS.passwordMin - 1);
    expect(messagesOf(registerSchema, { ...complete, password: short })).toEqual({
      password: FIELD_MESSAGES.tooShort(SOCIAL_LIMITS.passwordMin),
    });
  });

  it('refuses a picture that is not a file', () => {
    expect(messagesOf(registerSchema, { ...complete, picture: 'me.png' })).toHaveProperty('picture');
  });
});
