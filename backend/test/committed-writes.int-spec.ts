import type { Post } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { PostsRepository } from '../src/modules/posts/posts.repository';
import { queryRows } from './helpers/generation';
import { registerMember, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';
import { testDriver } from './helpers/test-database';

// A write the database committed is answered as a success, whatever fails after it: a client told
// "try again" after its post was stored would post it twice. What follows the commit (telling the
// other processes, reading the feed for the answer) is best-effort.
describe('committed writes', () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp();
    member = await registerMember(t);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const databaseGone = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
  const storedPosts = async (description: string) =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from posts where description = ${description}`))[0].n;

  it('answers a stored post with 201 when the feed cannot be read after it', async () => {
    jest.spyOn(PostsRepository.prototype, 'page').mockRejectedValue(databaseGone());
    const res = await t.http.post('/api/posts').set(member.auth).field('description', 'Stored once').expect(201);
    expect(res.body).toEqual([expect.objectContaining({ description: 'Stored once', userId: member.id, likes: {}, comments: [] })]);
    expect(await storedPosts('Stored once')).toBe(1);
  });

  it('answers a like, a comment and an edit with the post read back in their own transaction', async () => {
    const created = await t.http.post('/api/posts').set(member.auth).field('description', 'Read back').expect(201);
    const id = (created.body as Post[]).find((post) => post.description === 'Read back')!._id;
    // Reading a post outside a write fails from here on: the answers must not need it.
    jest.spyOn(PostsRepository.prototype, 'findById').mockRejectedValue(databaseGone());
    const liked = await t.http.patch(`/api/posts/${id}/like`).set(member.auth).send({ userId: member.id }).expect(200);
    expect(liked.body.likes).toEqual({ [member.id]: true });
    const commented = await t.http.post(`/api/posts/${id}/comments`).set(member.auth).send({ userId: member.id, text: 'First' }).expect(201);
    expect(commented.body.comments).toEqual(['First']);
    const edited = await t.http.patch(`/api/posts/${id}`).set(member.auth).send({ description: 'Read back, edited' }).expect(200);
    expect(edited.body).toMatchObject({ description: 'Read back, edited', comments: ['First'], likes: { [member.id]: true } });
  });

  // Only PostgreSQL broadcasts (NOTIFY); PGlite is single-process and has nothing to fail here.
  (testDriver() === 'postgres' ? it : it.skip)('answers a change as made when telling the other processes fails', async () => {
    const execute = t.database.handle.db.execute.bind(t.database.handle.db);
    jest.spyOn(t.database.handle.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) =>
      JSON.stringify(query).includes('pg_notify') ? Promise.reject(databaseGone()) : execute(query)) as typeof execute);
    await t.http.post('/api/posts').set(member.auth).field('description', 'Told nobody').expect(201);
    expect(await storedPosts('Told nobody')).toBe(1);
  });
});
