import type { Response } from 'supertest';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { pngFixture, registerMember, registrationFields, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

// PostgreSQL's text cannot hold U+0000, so a query carrying one fails: every text field refuses it
// at the edge with VALIDATION_FAILED, naming the field, instead of a 500 from the database.
const NUL = 'a\u0000b';

describe('a NUL character in text', () => {
  let t: TestApp;
  let member: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_MINUTE: '1000' });
    member = await registerMember(t);
    const created = await t.http.post('/api/posts').set(member.auth).field('userId', member.id).field('description', 'A post').expect(201);
    postId = created.body[0]._id;
  });
  afterAll(() => t.close());

  const cases: Array<[string, string, () => Promise<Response>]> = [
    ['registration', 'firstName', async () => {
      let request = t.http.post('/api/auth/register');
      for (const [name, value] of Object.entries(registrationFields({ firstName: NUL }))) request = request.field(name, value);
      return request.attach('picture', await pngFixture(), 'me.png');
    }],
    ['sign-in', 'email', async () => t.http.post('/api/auth/login').send({ email: `ada${NUL}@example.com`, password: 'correct-horse-battery' })],
    ['a new post', 'description', async () => t.http.post('/api/posts').set(member.auth).field('userId', member.id).field('description', NUL)],
    ['an edit', 'description', async () => t.http.patch(`/api/posts/${postId}`).set(member.auth).send({ description: NUL })],
    ['a comment', 'text', async () => t.http.post(`/api/posts/${postId}/comments`).set(member.auth).send({ userId: member.id, text: NUL })],
    ['a prompt', 'prompt', async () => t.http.post('/api/start-job').send({ prompt: NUL })],
    ['a nested admin field', 'title', async () => t.http.post('/api/admin/content/resources').set(admin).send({ title: NUL, url: 'https://example.com' })],
    ['the admin member search', '(url)', async () => t.http.get('/api/admin/users').query({ q: NUL }).set(admin)],
    ['an admin member lookup by email', '(url)', async () => t.http.get(`/api/admin/users/${encodeURIComponent(`ada${NUL}@example.com`)}`).set(admin)],
  ];

  it.each(cases)('in %s answers 400 VALIDATION_FAILED naming %s', async (_where, field, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.details).toEqual([{ field, message: 'must not contain a NUL character' }]);
  });

  it('stores nothing for the refused requests', async () => {
    const feed = await t.http.get(`/api/posts/${member.id}/posts`).set(member.auth).expect(200);
    expect(feed.body).toHaveLength(1);
    expect(feed.body[0]).toMatchObject({ _id: postId, description: 'A post', comments: [] });
  });
});
