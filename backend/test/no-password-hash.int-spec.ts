import type { Post } from '@atelier/contracts';
import type { Response, Test } from 'supertest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { pngFixture, registrationFields } from './helpers/members';

const SECRET_KEY = /password|hash/i;
const HASH_MARKER = '$argon2';

/** Every place in a body where a key names a password or hash, or a string holds an argon2 hash. */
function findLeaks(value: unknown, at = '$'): string[] {
  if (typeof value === 'string') return value.includes(HASH_MARKER) ? [`${at} holds an argon2 hash`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => findLeaks(item, `${at}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [
      ...(SECRET_KEY.test(key) ? [`${at}.${key} is a password/hash key`] : []),
      ...findLeaks(inner, `${at}.${key}`),
    ]);
  }
  return [];
}

describe('no response ever carries a password hash', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' })));
  afterAll(() => t.close());

  it('finds a leak when there is one (the checker itself works)', () => {
    expect(findLeaks({ user: { passwordHash: 'x' } })).toEqual(['$.user.passwordHash is a password/hash key']);
    expect(findLeaks([{ password: 'x' }])).toEqual(['$[0].password is a password/hash key']);
    expect(findLeaks({ a: [{ b: 'prefix $argon2id$v=19$m=19456 suffix' }] })).toEqual(['$.a[0].b holds an argon2 hash']);
    expect(findLeaks({ user: { firstName: 'Ada', friends: [{ _id: '1' }] }, token: 'a.b.c' })).toEqual([]);
  });

  it('holds across every route, answers and errors alike', async () => {
    const answers: Array<{ route: string; status: number; body: unknown; text: string }> = [];

    /** Sends, records the answer, and checks the expected status (so the scenario really ran). */
    async function call(route: string, expectedStatus: number, request: Test): Promise<Response> {
      const res = await request;
      answers.push({ route, status: res.status, body: res.body, text: res.text ?? '' });
      if (res.status !== expectedStatus) {
        throw new Error(`${route} answered ${res.status}, expected ${expectedStatus}: ${res.text}`);
      }
      return res;
    }

    async function register(route: string, expectedStatus: number, fields: Record<string, string>) {
      let request = t.http.post('/api/auth/register');
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      return call(route, expectedStatus, request.attach('picture', await pngFixture(), 'me.png'));
    }

    // Register and sign in two members.
    const aliceFields = registrationFields({ firstName: 'Alice' });
    const bobFields = registrationFields({ firstName: 'Bob' });
    const alice = (await register('POST /api/auth/register', 201, aliceFields)).body;
    const bob = (await register('POST /api/auth/register (second member)', 201, bobFields)).body;
    await register('POST /api/auth/register (duplicate email, 409)', 409, { ...registrationFields(), email: aliceFields.email.toUpperCase() });
    await call(
      'POST /api/auth/register (invalid, 400)',
      400,
      t.http.post('/api/auth/register').field('email', 'nope').field('password', 'short'),
    );

    const aliceLogin = await call('POST /api/auth/login', 200, t.http.post('/api/auth/login').send({ email: aliceFields.email, password: aliceFields.password }));
    const bobLogin = await call('POST /api/auth/login (second member)', 200, t.http.post('/api/auth/login').send({ email: bobFields.email, password: bobFields.password }));
    await call('POST /api/auth/login (wrong password, 401)', 401, t.http.post('/api/auth/login').send({ email: aliceFields.email, password: 'wrong-password' }));
    await call('POST /api/auth/login (unknown email, 401)', 401, t.http.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever1' }));
    await call('POST /api/auth/login (invalid, 400)', 400, t.http.post('/api/auth/login').send({ email: 'nope', hash: 'x' }));
    const asAlice = { Authorization: `Bearer ${aliceLogin.body.token}` };
    const asBob = { Authorization: `Bearer ${bobLogin.body.token}` };

    // Members and friends.
    await call('GET /api/users/:id (self)', 200, t.http.get(`/api/users/${alice._id}`).set(asAlice));
    await call('GET /api/users/:id (other)', 200, t.http.get(`/api/users/${bob._id}`).set(asAlice));
    await call('GET /api/users/:id (no token, 401)', 401, t.http.get(`/api/users/${bob._id}`));
    await call('PATCH /api/users/:id/:friendId (add)', 200, t.http.patch(`/api/users/${alice._id}/${bob._id}`).set(asAlice));
    await call('GET /api/users/:id/friends', 200, t.http.get(`/api/users/${alice._id}/friends`).set(asAlice));
    await call('GET /api/users/:id (self, with a friend)', 200, t.http.get(`/api/users/${alice._id}`).set(asAlice));
    await call('GET /api/users/:id (other, with a friend)', 200, t.http.get(`/api/users/${bob._id}`).set(asAlice));
    await call('PATCH /api/users/:id/:friendId (someone else, 403)', 403, t.http.patch(`/api/users/${alice._id}/${bob._id}`).set(asBob));

    // Posts.
    const created = await call('POST /api/posts (text)', 201, t.http.post('/api/posts').set(asAlice).field('description', 'Alice says hello'));
    await call(
      'POST /api/posts (picture)',
      201,
      t.http.post('/api/posts').set(asBob).field('description', 'Bob shows a picture').attach('picture', await pngFixture(), 'pic.png'),
    );
    await call('POST /api/posts (invalid, 400)', 400, t.http.post('/api/posts').set(asBob).field('password', 'x'));
    const post = (created.body as Post[]).find((p) => p.description === 'Alice says hello');
    if (!post) throw new Error('the created post is missing from the answer of POST /api/posts');

    await call('GET /api/posts', 200, t.http.get('/api/posts').set(asBob));
    await call('GET /api/posts/:userId/posts', 200, t.http.get(`/api/posts/${alice._id}/posts`).set(asBob));
    await call('PATCH /api/posts/:id/like', 200, t.http.patch(`/api/posts/${post._id}/like`).set(asBob).send({ userId: bob._id }));
    await call('POST /api/posts/:id/comments', 201, t.http.post(`/api/posts/${post._id}/comments`).set(asBob).send({ text: 'Nice one' }));
    await call('GET /api/posts/:id/comments', 200, t.http.get(`/api/posts/${post._id}/comments`).set(asAlice));
    await call('PATCH /api/posts/:id', 200, t.http.patch(`/api/posts/${post._id}`).set(asAlice).send({ description: 'Alice edited' }));
    await call('PATCH /api/posts/:id (not the author, 403)', 403, t.http.patch(`/api/posts/${post._id}`).set(asBob).send({ description: 'Bob edits' }));
    await call('GET /api/posts (after edits)', 200, t.http.get('/api/posts').set(asAlice));
    await call('DELETE /api/posts/:id', 204, t.http.delete(`/api/posts/${post._id}`).set(asAlice));
    await call('DELETE /api/posts/:id (gone, 404)', 404, t.http.delete(`/api/posts/${post._id}`).set(asAlice));
    await call('PATCH /api/users/:id/:friendId (remove)', 200, t.http.patch(`/api/users/${alice._id}/${bob._id}`).set(asAlice));

    const leaks = answers.flatMap(({ route, status, body, text }) => [
      ...findLeaks(body).map((where) => `${route} -> ${status}: ${where}`),
      ...(text.includes(HASH_MARKER) ? [`${route} -> ${status}: the raw body contains ${HASH_MARKER}`] : []),
    ]);
    expect(leaks).toEqual([]);

    // The scenario reached every route (a route skipped by mistake would make the check above vacuous).
    const routes = new Set(answers.map(({ route }) => route.replace(/ \(.*\)$/, '')));
    expect([...routes].sort()).toEqual(
      [
        'POST /api/auth/register',
        'POST /api/auth/login',
        'GET /api/users/:id',
        'GET /api/users/:id/friends',
        'PATCH /api/users/:id/:friendId',
        'GET /api/posts',
        'GET /api/posts/:userId/posts',
        'POST /api/posts',
        'PATCH /api/posts/:id/like',
        'POST /api/posts/:id/comments',
        'GET /api/posts/:id/comments',
        'PATCH /api/posts/:id',
        'DELETE /api/posts/:id',
      ].sort(),
    );
    // And the answers carry the data the check is about: members, friends, posts and comments.
    expect(answers.find((a) => a.route === 'GET /api/users/:id (self, with a friend)')?.body).toMatchObject({
      _id: alice._id,
      email: aliceFields.email.toLowerCase(),
      friends: [{ _id: bob._id }],
    });
    expect(answers.find((a) => a.route === 'GET /api/posts/:id/comments')?.body).toEqual([
      expect.objectContaining({ text: 'Nice one', author: expect.objectContaining({ _id: bob._id }) }),
    ]);
  });
});
