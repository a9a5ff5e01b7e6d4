import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIELD_MESSAGES, SOCIAL_LIMITS } from '@atelier/contracts';
import { count, eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import type { Response } from 'supertest';
import { RUNTIME_SECRETS } from '../src/config/config.module';
import type { RuntimeSecrets } from '../src/config/runtime-secrets';
import { users } from '../src/db/schema/users.table';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  expiredToken,
  forgedToken,
  GIF_FIXTURE,
  jpegFixture,
  pngFixture,
  registerMember,
  registrationFields,
  removeMember,
  storedFiles,
} from './helpers/members';

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Picture {
  data: Buffer;
  filename: string;
  contentType?: string;
}

function register(t: TestApp, fields: Record<string, string>, picture?: Picture) {
  let request = t.http.post('/api/auth/register');
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  if (picture) request = request.attach('picture', picture.data, { filename: picture.filename, contentType: picture.contentType ?? 'image/png' });
  return request;
}

async function withPng(t: TestApp, fields: Record<string, string>) {
  return register(t, fields, { data: await pngFixture(), filename: 'me.png' });
}

/**
 * A multipart body written by hand: form-data (under supertest) reduces a file name to its base name
 * and turns `\` into `/`, so a name with path characters only reaches the server this way.
 */
function rawMultipart(fields: Record<string, string>, file: { filename: string; data: Buffer; contentType: string }) {
  const boundary = `----atelier-test-${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const escapedName = file.filename.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${escapedName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function userCount(t: TestApp): Promise<number> {
  const [row] = await t.database.handle.db.select({ n: count() }).from(users);
  return row.n;
}

async function rowsWithEmail(t: TestApp, email: string): Promise<number> {
  const rows = await t.database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return rows.length;
}

/** Sends a registration that must be refused, and checks it left no users row and no stored file. */
async function refusedRegistration(t: TestApp, email: string, send: () => Promise<Response>): Promise<Response> {
  const rowsBefore = await userCount(t);
  const filesBefore = storedFiles(t, 'users');
  const res = await send();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(await userCount(t)).toBe(rowsBefore);
  expect(await rowsWithEmail(t, email)).toBe(0);
  expect(storedFiles(t, 'users')).toEqual(filesBefore);
  return res;
}

const validationError = (details: Array<{ field: string; message: string }>) => ({
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  message: expect.any(String),
  details,
});

describe('Matrix Network auth', () => {
  let t: TestApp;
  // The default budget (10 a minute per IP) would run out within this suite; the limit has its own describe below.
  beforeAll(async () => (t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' })));
  afterAll(() => t.close());

  describe('POST /api/auth/register', () => {
    it('creates the member from a PNG, lower-cases the email and serves the stored picture', async () => {
      const fields = registrationFields({ email: `Grace.${Date.now()}@Example.COM` });
      const filesBefore = storedFiles(t, 'users');
      const res = await register(t, { ...fields, picturePath: 'my portrait.png' }, { data: await pngFixture(), filename: 'my portrait.png' });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email.toLowerCase(),
        location: fields.location,
        occupation: fields.occupation,
        picturePath: expect.stringMatching(STORED_NAME),
        viewedProfile: 0,
        impressions: 0,
        friends: [],
        createdAt: expect.any(String),
      });
      expect(res.body.picturePath).toMatch(/\.png$/);
      expect(new Date(res.body.createdAt).getTime()).not.toBeNaN();

      // The client's name is not used: the file is stored under the generated name only.
      expect(storedFiles(t, 'users')).toEqual([...filesBefore, res.body.picturePath].sort());
      expect(fs.existsSync(path.join(t.config.dataDir, 'media', 'users', res.body.picturePath))).toBe(true);
      const asset = await t.http.get(`/assets/users/${res.body.picturePath}`);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('image/png');
      expect(Buffer.from(asset.body as Buffer).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

      const [row] = await t.database.handle.db.select().from(users).where(eq(users.id, res.body._id));
      expect(row.email).toBe(fields.email.toLowerCase());
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('re-encodes a JPEG so its EXIF metadata is gone', async () => {
      const jpeg = await jpegFixture();
      expect(jpeg.includes('fixture-exif-marker')).toBe(true); // the fixture really carries it
      const res = await register(t, registrationFields(), { data: jpeg, filename: 'holiday.jpeg', contentType: 'image/jpeg' });

      expect(res.status).toBe(201);
      expect(res.body.picturePath).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const stored = fs.readFileSync(path.join(t.config.dataDir, 'media', 'users', res.body.picturePath));
      expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      expect(stored.includes('fixture-exif-marker')).toBe(false);
      expect(stored.equals(jpeg)).toBe(false);

      const asset = await t.http.get(`/assets/users/${res.body.picturePath}`);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.from(asset.body as Buffer).includes('fixture-exif-marker')).toBe(false);
    });

    describe('field validation', () => {
      const textFields = ['firstName', 'lastName', 'email', 'password', 'location', 'occupation'] as const;

      it.each(textFields)('answers "required" for a missing %s', async (field) => {
        const fields = registrationFields();
        const email = fields.email;
        delete (fields as Record<string, string>)[field];
        const res = await refusedRegistration(t, email, () => withPng(t, fields));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field, message: FIELD_MESSAGES.required }]));
      });

      it.each(textFields)('answers "required" for a blank %s', async (field) => {
        const fields = registrationFields();
        const res = await refusedRegistration(t, fields.email, () => withPng(t, { ...fields, [field]: field === 'password' ? '' : '   ' }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field, message: FIELD_MESSAGES.required }]));
      });

      it('answers "required" for a missing picture', async () => {
        const fields = registrationFields();
        const res = await refusedRegistration(t, fields.email, () => register(t, fields));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'picture', message: FIELD_MESSAGES.required }]));
      });

      it.each(['not-an-email', 'ada@', '@example.com', 'ada example@example.com'])('answers "invalid email" for %j', async (email) => {
        const fields = registrationFields({ email });
        const res = await refusedRegistration(t, email, () => withPng(t, fields));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'email', message: FIELD_MESSAGES.invalidEmail }]));
      });

      it.each([
        ['firstName', SOCIAL_LIMITS.firstName],
        ['lastName', SOCIAL_LIMITS.lastName],
        ['location', SOCIAL_LIMITS.location],
        ['occupation', SOCIAL_LIMITS.occupation],
        ['password', SOCIAL_LIMITS.passwordMax],
      ] as const)('answers "must be at most N characters" for a too-long %s (max %d)', async (field, max) => {
        const fields = registrationFields();
        // Exactly the limit is accepted...
        const atLimit = await withPng(t, registrationFields({ [field]: 'x'.repeat(max) }));
        expect(atLimit.status).toBe(201);
        // ...one more is not.
        const res = await refusedRegistration(t, fields.email, () => withPng(t, { ...fields, [field]: 'x'.repeat(max + 1) }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field, message: `must be at most ${max} characters` }]));
      });

      it('answers "must be at most 254 characters" for a too-long email', async () => {
        const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com`;
        expect(email.length).toBeGreaterThan(SOCIAL_LIMITS.email);
        const res = await refusedRegistration(t, email, () => withPng(t, registrationFields({ email })));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'email', message: FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.email) }]));
      });

      it('answers "must be at least 8 characters" for a short password', async () => {
        const fields = registrationFields({ password: 'seven77' });
        const res = await refusedRegistration(t, fields.email, () => withPng(t, fields));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'password', message: 'must be at least 8 characters' }]));

        const eight = await withPng(t, registrationFields({ password: 'eight888' }));
        expect(eight.status).toBe(201);
      });

      it('lists every problem of the form in one answer', async () => {
        const fields = registrationFields({ email: 'nobody-at-example.com', password: 'short', lastName: 'x'.repeat(51) });
        delete (fields as Record<string, string>).firstName;
        const res = await refusedRegistration(t, fields.email, () => register(t, fields));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError(expect.any(Array)));
        const details = res.body.details as Array<{ field: string; message: string }>;
        expect([...details].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
          { field: 'email', message: FIELD_MESSAGES.invalidEmail },
          { field: 'firstName', message: FIELD_MESSAGES.required },
          { field: 'lastName', message: 'must be at most 50 characters' },
          { field: 'password', message: 'must be at least 8 characters' },
          { field: 'picture', message: FIELD_MESSAGES.required },
        ]);
      });

      it('rejects an unknown field', async () => {
        const fields = registrationFields();
        const res = await refusedRegistration(t, fields.email, () => withPng(t, { ...fields, role: 'admin' }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'role', message: 'is not an accepted field' }]));
      });
    });

    it('refuses an email already registered in another case with 409', async () => {
      const first = registrationFields({ email: `Twin.${Date.now()}@Example.com` });
      expect((await withPng(t, first)).status).toBe(201);

      const again = registrationFields({ email: first.email.toUpperCase() });
      const rowsBefore = await userCount(t);
      const filesBefore = storedFiles(t, 'users');
      const res = await withPng(t, again);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: expect.any(String),
        details: [{ field: 'email', message: FIELD_MESSAGES.emailTaken }],
      });
      expect(await userCount(t)).toBe(rowsBefore);
      expect(await rowsWithEmail(t, first.email)).toBe(1);
      expect(storedFiles(t, 'users')).toEqual(filesBefore);
    });

    describe('refused pictures leave no row and no file', () => {
      const unsupported = {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringMatching(/JPEG or PNG/),
        details: [{ field: 'picture', message: expect.stringMatching(/\.jpg, \.jpeg or \.png/) }],
      };

      it('refuses a PHP script renamed .png with 415', async () => {
        const fields = registrationFields();
        const php = Buffer.from('<?php echo shell_exec($_GET["cmd"]); ?>\n');
        const res = await refusedRegistration(t, fields.email, () => register(t, fields, { data: php, filename: 'shell.png', contentType: 'image/png' }));
        expect(res.status).toBe(415);
        expect(res.body).toEqual(unsupported);
      });

      it('refuses an HTML file renamed .png with 415', async () => {
        const fields = registrationFields();
        const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
        const res = await refusedRegistration(t, fields.email, () => register(t, fields, { data: html, filename: 'page.png', contentType: 'image/png' }));
        expect(res.status).toBe(415);
        expect(res.body).toEqual(unsupported);
      });

      it('refuses a GIF with 415, whatever its name', async () => {
        for (const filename of ['anim.gif', 'anim.png']) {
          const fields = registrationFields();
          const res = await refusedRegistration(t, fields.email, () =>
            register(t, fields, { data: GIF_FIXTURE, filename, contentType: filename.endsWith('.gif') ? 'image/gif' : 'image/png' }),
          );
          expect(res.status).toBe(415);
          expect(res.body).toEqual(unsupported);
        }
      });

      it('refuses a file with a PNG signature that does not decode with 415', async () => {
        const fields = registrationFields();
        const broken = Buffer.concat([PNG_SIGNATURE, Buffer.from('this is not the rest of a PNG')]);
        const res = await refusedRegistration(t, fields.email, () => register(t, fields, { data: broken, filename: 'broken.png' }));
        expect(res.status).toBe(415);
        expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'picture' }] });
      });

      it('refuses a 20 MB file with 413', async () => {
        const fields = registrationFields();
        const huge = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(20 * 1024 * 1024)]);
        const res = await refusedRegistration(t, fields.email, () => register(t, fields, { data: huge, filename: 'huge.png' }));
        expect(res.status).toBe(413);
        expect(res.body).toEqual({
          statusCode: 413,
          code: 'PAYLOAD_TOO_LARGE',
          message: expect.stringMatching(/larger than 5 MiB/),
          details: [{ field: 'picture', message: 'must be at most 5 MiB' }],
        });
      });

      it.each(['../../etc/passwd.png', 'a/b.png', 'a\\b.png', '..\\..\\boot.png'])(
        'refuses the file name %j with 400',
        async (filename) => {
          const fields = registrationFields();
          const png = await pngFixture();
          const { body, contentType } = rawMultipart(fields, { filename, data: png, contentType: 'image/png' });
          const res = await refusedRegistration(t, fields.email, () => t.http.post('/api/auth/register').set('Content-Type', contentType).send(body));
          expect(res.status).toBe(400);
          expect(res.body).toEqual(validationError([{ field: 'picture', message: expect.stringMatching(/path characters/) }]));

          // The same form with a plain file name is accepted, so the name alone was the problem.
          const plain = rawMultipart(fields, { filename: 'passwd.png', data: png, contentType: 'image/png' });
          const accepted = await t.http.post('/api/auth/register').set('Content-Type', plain.contentType).send(plain.body);
          expect(accepted.status).toBe(201);
        },
      );

      it('refuses a picturePath field with path characters with 400', async () => {
        const fields = registrationFields();
        const res = await refusedRegistration(t, fields.email, () => withPng(t, { ...fields, picturePath: '../../etc/passwd.png' }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(validationError([{ field: 'picturePath', message: expect.stringMatching(/path characters/) }]));
      });
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers the member and a token', async () => {
      const fields = registrationFields();
      const registered = await withPng(t, fields);
      expect(registered.status).toBe(201);

      const res = await t.http.post('/api/auth/login').send({ email: fields.email, password: fields.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: registered.body, token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    });

    it('answers an unknown email and a wrong password with the same 401', async () => {
      const member = await registerMember(t);
      const wrongPassword = await t.http.post('/api/auth/login').send({ email: member.email, password: 'not-the-password' });
      const unknownEmail = await t.http.post('/api/auth/login').send({ email: `nobody.${Date.now()}@example.com`, password: member.password });

      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String) });
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(wrongPassword.body.token).toBeUndefined();
    });

    it('answers "required" for missing fields and "invalid email" for a malformed one', async () => {
      const empty = await t.http.post('/api/auth/login').send({});
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual(
        validationError([
          { field: 'email', message: FIELD_MESSAGES.required },
          { field: 'password', message: FIELD_MESSAGES.required },
        ]),
      );

      const noBody = await t.http.post('/api/auth/login');
      expect(noBody.status).toBe(400);
      expect(noBody.body.details).toEqual(empty.body.details);

      const blank = await t.http.post('/api/auth/login').send({ email: '  ', password: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.details).toEqual(empty.body.details);

      const malformed = await t.http.post('/api/auth/login').send({ email: 'not-an-email', password: 'whatever-it-is' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual(validationError([{ field: 'email', message: FIELD_MESSAGES.invalidEmail }]));
    });

    it('rejects an unknown field', async () => {
      const member = await registerMember(t);
      const res = await t.http.post('/api/auth/login').send({ email: member.email, password: member.password, remember: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError([{ field: 'remember', message: 'is not an accepted field' }]));
    });

    it('matches the email case-insensitively', async () => {
      const member = await registerMember(t);
      for (const email of [member.email.toUpperCase(), `  ${member.email.replace(/^a/, 'A')}  `]) {
        const res = await t.http.post('/api/auth/login').send({ email, password: member.password });
        expect(res.status).toBe(200);
        expect(res.body.user._id).toBe(member.id);
      }
    });

    it('gives a token that opens GET /api/users/:id', async () => {
      const member = await registerMember(t);
      const login = await t.http.post('/api/auth/login').send({ email: member.email, password: member.password });
      expect(login.status).toBe(200);

      const res = await t.http.get(`/api/users/${member.id}`).set('Authorization', `Bearer ${login.body.token}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: member.id, email: member.email });

      const withoutToken = await t.http.get(`/api/users/${member.id}`);
      expect(withoutToken.status).toBe(401);
    });
  });

  describe('bearer tokens on GET /api/posts', () => {
    const unauthorized = { statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String) };

    it('accepts a valid token', async () => {
      const member = await registerMember(t);
      const res = await t.http.get('/api/posts').set(member.auth);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    });

    it('answers 401 without a token', async () => {
      const res = await t.http.get('/api/posts');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it.each([
      ['a malformed token', 'Bearer not.a.jwt'],
      ['a token that is not a JWT at all', 'Bearer abc'],
      ['another scheme', 'Basic YWRhOnNlY3JldA=='],
    ])('answers 401 for %s', async (_name, header) => {
      const res = await t.http.get('/api/posts').set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('answers 401 for an expired token', async () => {
      const member = await registerMember(t);
      const res = await t.http.get('/api/posts').set('Authorization', `Bearer ${expiredToken(t, member.id)}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('answers 401 for a token signed with another secret', async () => {
      const member = await registerMember(t);
      const res = await t.http.get('/api/posts').set('Authorization', `Bearer ${forgedToken(member.id)}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('answers 401 for the token of a member who no longer exists', async () => {
      const member = await registerMember(t);
      expect((await t.http.get('/api/posts').set(member.auth)).status).toBe(200);

      await removeMember(t, member.id);
      const res = await t.http.get('/api/posts').set(member.auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('says in each 401 what went wrong', async () => {
      const member = await registerMember(t);
      const secret = t.app.get<RuntimeSecrets>(RUNTIME_SECRETS).jwtSecret;
      const cases: Array<[string | undefined, string]> = [
        [undefined, 'Sign in to do this: the request has no bearer token'],
        ['Basic YWRhOnNlY3JldA==', 'Sign in to do this: the request has no bearer token'],
        ['Bearer not.a.jwt', 'The bearer token is not valid; sign in again'],
        [`Bearer ${forgedToken(member.id)}`, 'The bearer token is not valid; sign in again'],
        // The right secret but another algorithm: only HS256 is accepted.
        [`Bearer ${new JwtService({ secret }).sign({ sub: member.id }, { algorithm: 'HS512' })}`, 'The bearer token is not valid; sign in again'],
        [`Bearer ${expiredToken(t, member.id)}`, 'The session has expired; sign in again'],
        [`Bearer ${new JwtService({ secret }).sign({ sub: 'not-a-member-id' })}`, 'The account of this token no longer exists'],
      ];
      for (const [header, message] of cases) {
        const request = t.http.get('/api/posts');
        const res = await (header ? request.set('Authorization', header) : request);
        expect([header, res.status, res.body.message]).toEqual([header, 401, message]);
      }
      // The scheme is matched in any case, as before.
      expect((await t.http.get('/api/posts').set('Authorization', `bearer ${member.token}`)).status).toBe(200);
    });
  });
});

describe('Matrix Network auth rate limit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' })));
  afterAll(() => t.close());

  it('refuses the 4th login in a minute from one address, and counts register separately', async () => {
    const fields = registrationFields();
    expect((await withPng(t, fields)).status).toBe(201); // register 1 of 3

    for (let attempt = 1; attempt <= 3; attempt++) {
      const res = await t.http.post('/api/auth/login').send({ email: fields.email, password: fields.password });
      expect(res.status).toBe(200);
    }
    const limited = await t.http.post('/api/auth/login').send({ email: fields.email, password: fields.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String) });
    expect(limited.body.token).toBeUndefined();

    // Logins are used up; registrations still have their own budget.
    expect((await withPng(t, registrationFields())).status).toBe(201); // register 2 of 3
    expect((await register(t, registrationFields())).status).toBe(400); // register 3 of 3 (refused, still counted)
    const fourth = registrationFields();
    const refused = await withPng(t, fourth);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await rowsWithEmail(t, fourth.email)).toBe(0);
  });
});

describe('auth rate limits across API processes', () => {
  const LIMIT = 3;
  const login = (t: TestApp) => t.http.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'wrong-password' });

  (process.env.REDIS_URL ? it : it.skip)('with REDIS_URL, counts one address through two processes against one limit', async () => {
    // Two API processes of one site (the same Redis and prefix), as behind a load balancer.
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `limits-${randomUUID()}` };
    const [first, second] = [await createTestApp(env), await createTestApp(env)];
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 2 * LIMIT; attempt += 1) statuses.push((await login(attempt % 2 === 0 ? first : second)).status);
      // Each process alone would allow 3: together they allow 3, not 6.
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('while Redis does not answer, still limits each process instead of failing', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: `limits-${randomUUID()}` });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) statuses.push((await login(t)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
