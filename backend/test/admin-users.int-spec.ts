import { randomUUID } from 'node:crypto';
import { GUEST_ACCOUNT, type AdminMember } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/users.table';
import { hashPassword } from '../src/modules/users/password-hasher';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { registerMember, removeMember, storedFiles, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

const SEED_GUEST = { firstName: 'Guest', lastName: 'Visitor', location: 'The Lobby', occupation: 'Exploring the Matrix Network' };

describe('member management for the owner (/api/admin/users)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '10000' })));
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });
  const ownProfile = (member: TestMember) => t.http.get(`/api/users/${member.id}`).set(member.auth);
  const adminGet = (path: string) => t.http.get(`/api/admin/users${path}`).set(admin);
  const adminPost = (path: string) => t.http.post(`/api/admin/users${path}`).set(admin);

  async function list(query: Record<string, string> = {}): Promise<AdminMember[]> {
    const res = await adminGet('').query(query);
    expect(res.status).toBe(200);
    return res.body as AdminMember[];
  }

  it('answers 401 in the error shape without the admin token or with a wrong one', async () => {
    const member = await registerMember(t);
    const calls = [
      () => t.http.get('/api/admin/users'),
      () => t.http.get(`/api/admin/users/${member.id}`),
      () => t.http.post(`/api/admin/users/${member.id}/disable`),
      () => t.http.post(`/api/admin/users/${member.id}/enable`),
      () => t.http.post('/api/admin/users/reset-guest'),
    ];
    for (const call of calls) {
      for (const headers of [{}, { Authorization: 'Bearer wrong-admin-token-0123456789' }, member.auth]) {
        const res = await call().set(headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String) });
      }
    }
    expect((await adminGet(`/${member.id}`)).body.disabled).toBe(false); // nothing was disabled
  });

  describe('GET /api/admin/users', () => {
    it('lists members newest first with email, state and counts, never a password hash', async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      expect((await t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth)).status).toBe(200);
      expect((await t.http.post('/api/posts').set(b.auth).field('description', 'hello')).status).toBe(201);

      const res = await adminGet('');
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash|\$argon2/i);
      const members = res.body as AdminMember[];
      const ids = members.map((member) => member.id);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      expect(members.find((member) => member.id === a.id)).toEqual({
        id: a.id,
        firstName: a.member.firstName,
        lastName: a.member.lastName,
        email: a.email,
        location: a.member.location,
        occupation: a.member.occupation,
        createdAt: a.member.createdAt,
        disabled: false,
        disabledAt: null,
        friends: 1,
        posts: 0,
      });
      expect(members.find((member) => member.id === b.id)).toMatchObject({ friends: 1, posts: 1 });
    });

    it('searches names and email case-blind, takes % and _ literally, and honours limit', async () => {
      const a = await registerMember(t, { firstName: 'Grace', lastName: 'Hopper-Searchable' });
      await registerMember(t, { firstName: 'Grace', lastName: 'Other' });
      expect((await list({ q: 'hopper-SEARCH' })).map((member) => member.id)).toEqual([a.id]);
      expect((await list({ q: 'grace hopper' })).map((member) => member.id)).toEqual([a.id]);
      expect((await list({ q: a.email.toUpperCase() })).map((member) => member.id)).toEqual([a.id]);
      expect(await list({ q: '%' })).toEqual([]);
      expect(await list({ q: 'gr_ce' })).toEqual([]);
      expect(await list({ q: 'grace' })).toHaveLength(2);
      expect(await list({ q: 'grace', limit: '1' })).toHaveLength(1);
      expect((await list({ q: '   ' })).length).toBeGreaterThan(2); // blank is no filter
    });

    it('refuses a bad limit or an unknown parameter with 400 VALIDATION_FAILED', async () => {
      for (const [query, field] of [
        [{ limit: '0' }, 'limit'],
        [{ limit: 'lots' }, 'limit'],
        [{ limit: '100000' }, 'limit'],
        [{ q: 'x'.repeat(201) }, 'q'],
        [{ sort: 'name' }, 'sort'],
      ] as const) {
        const res = await adminGet('').query(query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field })] });
      }
    });
  });

  describe('GET /api/admin/users/:idOrEmail', () => {
    it('finds a member by id and by email in any case', async () => {
      const a = await registerMember(t);
      const byId = await adminGet(`/${a.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({ id: a.id, email: a.email, disabled: false });
      expect(byId.body).not.toHaveProperty('passwordHash');
      const byEmail = await adminGet(`/${encodeURIComponent(a.email.toUpperCase())}`);
      expect(byEmail.body).toEqual(byId.body);
    });

    it('answers 404 NOT_FOUND for anything that names no member, whatever its shape', async () => {
      for (const input of [randomUUID(), 'nobody@example.com', 'not-an-id', '123', `${'x'.repeat(400)}@example.com`]) {
        const res = await adminGet(`/${encodeURIComponent(input)}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringContaining('No member') });
      }
    });
  });

  describe('disable and enable', () => {
    it('a disabled member cannot sign in and their token stops working; enabled, they can sign in again', async () => {
      const a = await registerMember(t);
      const bystander = await registerMember(t);

      const disabled = await adminPost(`/${a.id}/disable`);
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ id: a.id, disabled: true, disabledAt: expect.any(String) });

      const refused = await login(a.email, a.password);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'This account has been disabled by the site owner' });
      const wrongPassword = await login(a.email, 'not-the-password');
      expect(wrongPassword.status).toBe(401); // the disabled state is not told without the password
      const tokenRefused = await ownProfile(a);
      expect(tokenRefused.status).toBe(401);
      expect(tokenRefused.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect((await ownProfile(bystander)).status).toBe(200);
      expect((await list()).find((member) => member.id === a.id)?.disabled).toBe(true);

      const again = await adminPost(`/${encodeURIComponent(a.email)}/disable`); // by email, and idempotent
      expect(again.status).toBe(200);
      expect(again.body.disabled).toBe(true);

      const enabled = await adminPost(`/${a.id}/enable`);
      expect(enabled.status).toBe(200);
      expect(enabled.body).toMatchObject({ id: a.id, disabled: false, disabledAt: null });
      // The token the disable revoked stays revoked; a new sign-in gives one that works.
      const revoked = await ownProfile(a);
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'This session was ended by the site owner; sign in again' });
      const signedIn = await login(a.email, a.password);
      expect(signedIn.status).toBe(200);
      expect((await ownProfile({ ...a, auth: { Authorization: `Bearer ${signedIn.body.token}` } })).status).toBe(200);
      expect((await ownProfile(bystander)).status).toBe(200);
    });

    it('answers 404 for an unknown member', async () => {
      for (const action of ['disable', 'enable']) {
        const res = await adminPost(`/${randomUUID()}/${action}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
    });
  });

  describe('POST /api/admin/users/reset-guest', () => {
    const guestRow = async () => (await t.database.handle.db.select().from(users).where(eq(users.email, GUEST_ACCOUNT.email)))[0];
    const guestLogin = () => login(GUEST_ACCOUNT.email, GUEST_ACCOUNT.password);

    it('creates a missing guest with its seed fields, picture and surviving seed friends', async () => {
      // A seed friend of the guest who is a member here (this database is not seeded).
      const mira = await registerMember(t, { email: 'mira.castellane@matrix.example' });
      const picturesBefore = storedFiles(t, 'users').length;
      const [first, second] = await Promise.all([adminPost('/reset-guest'), adminPost('/reset-guest')]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.id).toBe(first.body.id);
      expect(storedFiles(t, 'users')).toHaveLength(picturesBefore + 1); // the losing race left no file behind
      expect(first.body).toMatchObject({ email: GUEST_ACCOUNT.email, ...SEED_GUEST, disabled: false });

      const signedIn = await guestLogin();
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.friends.map((friend: { _id: string }) => friend._id)).toEqual([mira.id]);
      // The visitor's sandbox sees itself among Mira's friends; members see neither it nor the guest.
      const visitor = { Authorization: `Bearer ${signedIn.body.token}` };
      const friendIds = (res: { body: { _id: string }[] }) => res.body.map((friend) => friend._id);
      expect(friendIds(await t.http.get(`/api/users/${mira.id}/friends`).set(visitor))).toEqual([signedIn.body.user._id]);
      expect((await t.http.get(`/api/users/${mira.id}/friends`).set(mira.auth)).body).toEqual([]);
    });

    it('restores the password and fields after they were changed', async () => {
      await adminPost('/reset-guest');
      const { id, picturePath } = await guestRow();
      await t.database.handle.db
        .update(users)
        .set({ passwordHash: await hashPassword('somebody-else-chose-this'), firstName: 'Hijacked', location: 'Elsewhere' })
        .where(eq(users.id, id));
      expect((await guestLogin()).status).toBe(401);

      const reset = await adminPost('/reset-guest');
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({ id, ...SEED_GUEST, disabled: false });
      expect((await guestRow()).picturePath).toBe(picturePath);
      expect((await guestLogin()).status).toBe(200);
      expect((await login(GUEST_ACCOUNT.email, 'somebody-else-chose-this')).status).toBe(401);
    });

    it('enables a disabled guest', async () => {
      const { body: guest } = await adminPost('/reset-guest');
      expect((await adminPost(`/${guest.id}/disable`)).status).toBe(200);
      expect((await guestLogin()).status).toBe(403);

      const reset = await adminPost('/reset-guest');
      expect(reset.body).toMatchObject({ id: guest.id, disabled: false, disabledAt: null });
      expect((await guestLogin()).status).toBe(200);
    });

    it('creates the guest again after it was removed', async () => {
      const { body: guest } = await adminPost('/reset-guest');
      await removeMember(t, guest.id);
      expect((await guestLogin()).status).toBe(401);
      const reset = await adminPost('/reset-guest');
      expect(reset.status).toBe(200);
      expect(reset.body.id).not.toBe(guest.id);
      expect((await guestLogin()).status).toBe(200);
    });
  });
});
