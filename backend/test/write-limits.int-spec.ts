import { randomUUID } from 'node:crypto';
import type { Post } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Response } from 'supertest';
import { postComments } from '../src/db/schema/post-comments.table';
import { posts } from '../src/db/schema/posts.table';
import { users } from '../src/db/schema/users.table';
import { registerMember, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

const LIMIT = 3;

/** A refusal as the API promises it: 429 RATE_LIMITED, saying what and for how long, with Retry-After. */
function expectLimited(res: Response, what: string): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(new RegExp(`^Too many ${what} in a minute; wait \\d+ s`)) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
}

describe('per-member write limits', () => {
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', MEMBER_WRITES_PER_MINUTE: String(LIMIT) });
    ada = await registerMember(t);
    bob = await registerMember(t);
    postId = (await t.http.post('/api/posts').set(bob.auth).field('description', "Bob's post").expect(201)).body[0]._id;
  });
  afterAll(() => t.close());

  const postAs = (member: TestMember, description: string) => t.http.post('/api/posts').set(member.auth).field('description', description);
  const countRows = async (table: typeof posts | typeof postComments, column: typeof posts.userId | typeof postComments.userId, id: string) =>
    (await t.database.handle.db.select().from(table).where(eq(column, id))).length;

  it('refuses a member’s 4th post in a minute with 429 and Retry-After, storing nothing; others still post', async () => {
    for (let i = 0; i < LIMIT; i += 1) await postAs(ada, `ada ${i}`).expect(201);
    expectLimited(await postAs(ada, 'one too many'), 'posts');
    expect(await countRows(posts, posts.userId, ada.id)).toBe(LIMIT);
    await postAs(bob, 'bob is not ada').expect(201);
  });

  it('counts comments, likes and friend changes apart from posts and from each other', async () => {
    for (let i = 0; i < LIMIT; i += 1) await t.http.post(`/api/posts/${postId}/comments`).set(ada.auth).send({ text: `c${i}` }).expect(201);
    expectLimited(await t.http.post(`/api/posts/${postId}/comments`).set(ada.auth).send({ text: 'too many' }), 'comments');
    expect(await countRows(postComments, postComments.userId, ada.id)).toBe(LIMIT);

    for (let i = 0; i < LIMIT; i += 1) await t.http.patch(`/api/posts/${postId}/like`).set(ada.auth).send({}).expect(200);
    expectLimited(await t.http.patch(`/api/posts/${postId}/like`).set(ada.auth).send({}), 'likes');
    const page = (await t.http.get(`/api/posts/${bob.id}/posts`).set(ada.auth).expect(200)).body as Post[];
    expect(page.find((post) => post._id === postId)?.likes).toEqual({ [ada.id]: true }); // three toggles: liked; the fourth did not flip it

    for (let i = 0; i < LIMIT; i += 1) await t.http.patch(`/api/users/${ada.id}/${bob.id}`).set(ada.auth).expect(200);
    expectLimited(await t.http.patch(`/api/users/${ada.id}/${bob.id}`).set(ada.auth), 'friend changes');
  });

  it('refuses a member’s 4th post edit and 4th post deletion in a minute, changing nothing', async () => {
    const [own] = (await postAs(bob, 'to be edited')).body as Post[];
    for (let i = 0; i < LIMIT; i += 1) await t.http.patch(`/api/posts/${own!._id}`).set(bob.auth).send({ description: `edit ${i}` }).expect(200);
    expectLimited(await t.http.patch(`/api/posts/${own!._id}`).set(bob.auth).send({ description: 'one too many' }), 'post edits');
    const [row] = await t.database.handle.db.select().from(posts).where(eq(posts.id, own!._id));
    expect(row?.description).toBe(`edit ${LIMIT - 1}`);

    const carol = await registerMember(t);
    // Written straight to the table: posting them would hit the posts limit first.
    const rows = Array.from({ length: LIMIT + 1 }, (_, i) => ({ userId: carol.id, description: `carol ${i}` }));
    const ids = (await t.database.handle.db.insert(posts).values(rows).returning({ id: posts.id })).map((row) => row.id);
    for (const id of ids.slice(0, LIMIT)) await t.http.delete(`/api/posts/${id}`).set(carol.auth).expect(204);
    expectLimited(await t.http.delete(`/api/posts/${ids[LIMIT]}`).set(carol.auth), 'post deletions');
    expect(await countRows(posts, posts.userId, carol.id)).toBe(1);
  });

  it('does not limit reading', async () => {
    for (let i = 0; i < 4 * LIMIT; i += 1) await t.http.get('/api/posts').set(ada.auth).expect(200);
  });
});

describe('write limits across API processes', () => {
  (process.env.REDIS_URL ? it : it.skip)('with REDIS_URL, counts one member through two processes against one limit', async () => {
    // Two API processes of one site: one Redis and prefix, one signing secret, the same member.
    const env = {
      MEMBER_WRITES_PER_MINUTE: String(LIMIT),
      REDIS_URL: process.env.REDIS_URL,
      QUEUE_PREFIX: `writes-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
    };
    const [first, second] = [await createTestApp(env), await createTestApp(env)];
    try {
      const member = await registerMember(first);
      const [row] = await first.database.handle.db.select().from(users).where(eq(users.id, member.id));
      await second.database.handle.db.insert(users).values(row!);
      const statuses: number[] = [];
      for (let i = 0; i < 2 * LIMIT; i += 1) {
        const t = i % 2 === 0 ? first : second;
        statuses.push((await t.http.post('/api/posts').set(member.auth).field('description', `post ${i}`)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('admin write limit', () => {
  let t: TestApp;
  const admin = { Authorization: 'Bearer write-limits-admin-token-0123456789' };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: admin.Authorization.slice('Bearer '.length), ADMIN_WRITES_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  it("counts every admin write of an address together, refuses the 4th in a minute with 429 and writes nothing; reads go on", async () => {
    const notice = (text: string) => ({ text, dateLabel: 'Today' });
    await t.http.post('/api/admin/content/notices').set(admin).send(notice('one')).expect(201);
    const { body: settings } = await t.http.get('/api/admin/content/settings').set(admin).expect(200);
    await t.http.put('/api/admin/content/settings').set(admin).send(settings).expect(200);
    await t.http.post('/api/admin/content/career').set(admin).send({ company: 'c', role: 'r', period: 'p', summary: 's' }).expect(201);
    expectAdminLimited(await t.http.post('/api/admin/content/notices').set(admin).send(notice('four')));
    expectAdminLimited(await t.http.put('/api/admin/content/settings').set(admin).send(settings));
    const notices = (await t.http.get('/api/admin/content/notices').set(admin).expect(200)).body as Array<{ text: string }>;
    expect(notices.map((item) => item.text)).not.toContain('four');
    // Without the token, 401 as ever: the limit counts the owner's writes, not strangers' guesses.
    await t.http.post('/api/admin/content/notices').send(notice('x')).expect(401);
  });
});

function expectAdminLimited(res: Response): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many admin changes from this address in a minute; wait \d+ s/) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

