import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { COMMENTS_PAGE, FEED_COMMENTS, FEED_PAGE, NEXT_CURSOR_HEADER, type Post, type PostComment } from '@atelier/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Response } from 'supertest';
import { postComments } from '../src/db/schema/post-comments.table';
import { postLikes } from '../src/db/schema/post-likes.table';
import { posts } from '../src/db/schema/posts.table';
import { createTestApp, type TestApp } from './helpers/test-app';
import { registerMember, type TestMember } from './helpers/members';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a post through the API (multipart, as the client sends it) and answers it. */
async function createPost(t: TestApp, author: TestMember, description: string): Promise<Post> {
  const res = await t.http.post('/api/posts').set(author.auth).field('description', description).expect(201);
  const created = (res.body as Post[]).find((post) => post.description === description);
  if (!created) throw new Error(`the new post "${description}" is not on the first feed page`);
  return created;
}

/** Follows X-Next-Cursor from the first page until it is absent; answers every post id in order. */
async function walkPages(t: TestApp, viewer: TestMember, url: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await t.http
      .get(url)
      .query(cursor ? { limit, cursor } : { limit })
      .set(viewer.auth)
      .expect(200);
    pages += 1;
    cursor = res.headers[NEXT_CURSOR_HEADER];
    // A page announcing another one is full; the last one may be short.
    if (cursor) expect(res.body).toHaveLength(limit);
    else expect(res.body.length).toBeLessThanOrEqual(limit);
    ids.push(...(res.body as Post[]).map((post) => post._id));
    if (pages > 100) throw new Error('the cursor never ran out');
  } while (cursor);
  return { ids, pages };
}

describe('Matrix Network posts', () => {
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let cy: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    ada = await registerMember(t, { firstName: 'Ada', location: 'London, UK' });
    bob = await registerMember(t, { firstName: 'Bob', location: 'Lagos, NG' });
    cy = await registerMember(t, { firstName: 'Cy', location: 'Lima, PE' });
  });
  afterAll(() => t.close());

  const postRows = (id: string) => t.database.handle.db.select().from(posts).where(eq(posts.id, id));
  const countPosts = async () => (await t.database.handle.db.select({ id: posts.id }).from(posts)).length;

  describe('the feed', () => {
    it('lists every member’s posts, newest first', async () => {
      const first = await createPost(t, ada, 'feed order: first');
      await sleep(5);
      const second = await createPost(t, bob, 'feed order: second');
      await sleep(5);
      const third = await createPost(t, cy, 'feed order: third');

      const res = await t.http.get('/api/posts').set(ada.auth).expect(200);
      const ours = (res.body as Post[]).filter((post) => [first._id, second._id, third._id].includes(post._id));
      expect(ours.map((post) => [post.userId, post.description])).toEqual([
        [cy.id, 'feed order: third'],
        [bob.id, 'feed order: second'],
        [ada.id, 'feed order: first'],
      ]);
    });

    it('shows each post with its author, likes and comments in the documented shape', async () => {
      const post = await createPost(t, ada, 'shape of a post');
      await t.http.patch(`/api/posts/${post._id}/like`).set(bob.auth).send({}).expect(200);
      await t.http.post(`/api/posts/${post._id}/comments`).set(cy.auth).send({ text: 'Lovely!' }).expect(201);

      const res = await t.http.get('/api/posts').set(bob.auth).expect(200);
      const shown = (res.body as Post[]).find((item) => item._id === post._id);
      expect(shown).toEqual({
        _id: expect.stringMatching(UUID),
        userId: ada.id,
        firstName: 'Ada',
        lastName: ada.member.lastName,
        location: 'London, UK',
        description: 'shape of a post',
        picturePath: null,
        userPicturePath: ada.member.picturePath,
        likes: { [bob.id]: true },
        comments: ['Lovely!'],
        commentCount: 1,
        createdAt: expect.stringMatching(ISO_DATE),
        updatedAt: expect.stringMatching(ISO_DATE),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|email/i);
    });

    it('answers JSON with an ETag, 304 while nothing changed, and a new page after a change', async () => {
      const post = await createPost(t, bob, 'revalidated page');
      const first = await t.http.get('/api/posts').set(ada.auth).expect(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/".+"$/);

      await t.http.get('/api/posts').set(ada.auth).set('If-None-Match', etag).expect(304);

      await t.http.patch(`/api/posts/${post._id}/like`).set(cy.auth).send({}).expect(200);
      const changed = await t.http.get('/api/posts').set(ada.auth).set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect((changed.body as Post[]).find((item) => item._id === post._id)?.likes).toEqual({ [cy.id]: true });
    });
    it('sends a browser the page brotli-compressed, the same JSON as uncompressed', async () => {
      for (let i = 0; i < 5; i += 1) await createPost(t, bob, `a post long enough to make the page worth compressing, number ${i}`);
      const plain = await t.http.get('/api/posts').set(ada.auth).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Injected: supertest would decompress the bytes before a test could see them.
      const browser = await t.app.inject({ url: '/api/posts', headers: { ...ada.auth, 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-encoding']).toBe('br');
      expect(browser.headers.vary).toMatch(/Accept-Encoding/);
      expect(browser.headers.etag).toBe(plain.headers.etag);
      const compressed = browser.rawPayload;
      expect(compressed.length).toBeLessThan(Number(plain.headers['content-length']) / 2);
      expect(JSON.parse(brotliDecompressSync(compressed).toString())).toEqual(plain.body);
    });
    it('leaves the page to its own negotiation: a client accepting only deflate gets the bytes as they are', async () => {
      // @fastify/compress would deflate it: its hooks are not on routes that answer ready JSON.
      for (let i = 0; i < 5; i += 1) await createPost(t, bob, `a post long enough to make the page worth compressing, number ${i}`);
      const response = await t.app.inject({ url: '/api/posts', headers: { ...ada.auth, 'accept-encoding': 'deflate' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBeGreaterThan(1024); // big enough that the plugin would have
      expect((response.json() as Post[])[0].description).toBe('a post long enough to make the page worth compressing, number 4');
    });
  });

  describe('GET /api/posts/:userId/posts', () => {
    it('lists only that member’s posts, newest first', async () => {
      const older = await createPost(t, bob, 'bob only: older');
      await sleep(5);
      await createPost(t, cy, 'cy, not bob');
      await sleep(5);
      const newer = await createPost(t, bob, 'bob only: newer');

      const res = await t.http.get(`/api/posts/${bob.id}/posts`).set(ada.auth).expect(200);
      const listed = res.body as Post[];
      expect(listed.length).toBeGreaterThanOrEqual(2);
      expect(listed.every((post) => post.userId === bob.id)).toBe(true);
      const ids = listed.map((post) => post._id);
      expect(ids.indexOf(newer._id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    });

    it('answers an empty list for a member without posts', async () => {
      const quiet = await registerMember(t);
      const res = await t.http.get(`/api/posts/${quiet.id}/posts`).set(ada.auth).expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    });

    it('answers 404 for an unknown member and 400 for a malformed id', async () => {
      const unknown = await t.http.get(`/api/posts/${randomUUID()}/posts`).set(ada.auth).expect(404);
      expect(unknown.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });

      const malformed = await t.http.get('/api/posts/not-a-uuid/posts').set(ada.auth).expect(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'userId', message: expect.any(String) }] });
    });
  });

  describe('POST /api/posts', () => {
    it('creates a text post and answers the first feed page with it on top', async () => {
      const res = await t.http.post('/api/posts').set(cy.auth).field('description', '  Hello, Matrix!  ').expect(201);
      const page = res.body as Post[];
      expect(Array.isArray(page)).toBe(true);
      expect(page.length).toBeGreaterThan(1);
      expect(page.length).toBeLessThanOrEqual(FEED_PAGE.defaultLimit);
      expect(page[0]).toMatchObject({
        userId: cy.id,
        firstName: 'Cy',
        description: 'Hello, Matrix!',
        picturePath: null,
        likes: {},
        comments: [],
      });
      expect(await postRows(page[0]._id)).toEqual([expect.objectContaining({ userId: cy.id, description: 'Hello, Matrix!', picturePath: null })]);
    });

    it('accepts the client’s own userId in the form', async () => {
      const res = await t.http.post('/api/posts').set(ada.auth).field('userId', ada.id).field('description', 'with my own id').expect(201);
      expect(res.body[0]).toMatchObject({ userId: ada.id, description: 'with my own id' });
    });

    it('accepts a description of exactly 5000 characters', async () => {
      const description = 'x'.repeat(5000);
      const res = await t.http.post('/api/posts').set(ada.auth).field('description', description).expect(201);
      expect(res.body[0].description).toBe(description);
    });

    it.each([
      ['a missing description', {}, 'description', 'required'],
      ['a blank description', { description: ' \n\t ' }, 'description', 'required'],
      ['a description over 5000 characters', { description: 'x'.repeat(5001) }, 'description', 'must be at most 5000 characters'],
      ['an unknown field', { description: 'ok', mood: 'happy' }, 'mood', 'is not an accepted field'],
    ])('refuses %s with 400 and writes nothing', async (_case, fields: Record<string, string>, field, message) => {
      const before = await countPosts();
      let req = t.http.post('/api/posts').set(bob.auth).type('form');
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value === 'SELF' ? bob.id : value);
      const res = await req.expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(res.body.details).toContainEqual({ field, message });
      expect(await countPosts()).toBe(before);
    });
  });

  describe('likes', () => {
    it('toggles the caller’s like and answers the updated post', async () => {
      const post = await createPost(t, ada, 'like me');
      const liked = await t.http.patch(`/api/posts/${post._id}/like`).set(bob.auth).send({}).expect(200);
      expect(liked.body).toMatchObject({ _id: post._id, userId: ada.id, description: 'like me' });
      expect(liked.body.likes).toEqual({ [bob.id]: true });

      const unliked = await t.http.patch(`/api/posts/${post._id}/like`).set(bob.auth).send({}).expect(200);
      expect(unliked.body.likes).toEqual({});
      expect(unliked.body.likes[bob.id]).toBeUndefined();
      expect(await t.database.handle.db.select().from(postLikes).where(eq(postLikes.postId, post._id))).toEqual([]);
    });

    it('keeps every member’s like, and shows them in the feed', async () => {
      const post = await createPost(t, ada, 'liked by two');
      await t.http.patch(`/api/posts/${post._id}/like`).set(bob.auth).expect(200);
      const both = await t.http.patch(`/api/posts/${post._id}/like`).set(cy.auth).send({ userId: cy.id }).expect(200);
      expect(both.body.likes).toEqual({ [bob.id]: true, [cy.id]: true });

      const feed = await t.http.get('/api/posts').set(ada.auth).expect(200);
      expect((feed.body as Post[]).find((item) => item._id === post._id)?.likes).toEqual({ [bob.id]: true, [cy.id]: true });
    });

    it('lets authors like their own post', async () => {
      const post = await createPost(t, cy, 'self-like');
      const res = await t.http.patch(`/api/posts/${post._id}/like`).set(cy.auth).send({ userId: cy.id }).expect(200);
      expect(res.body.likes).toEqual({ [cy.id]: true });
    });

    it('refuses unknown body fields', async () => {
      const post = await createPost(t, ada, 'like with junk');
      const res = await t.http.patch(`/api/posts/${post._id}/like`).set(bob.auth).send({ liked: true }).expect(400);
      expect(res.body.details).toEqual([{ field: 'liked', message: 'is not an accepted field' }]);
      expect(await t.database.handle.db.select().from(postLikes).where(eq(postLikes.postId, post._id))).toEqual([]);
    });
  });

  describe('comments', () => {
    it('appends a comment to the post and lists comments oldest first with their authors', async () => {
      const post = await createPost(t, bob, 'comment on me');
      const first = await t.http.post(`/api/posts/${post._id}/comments`).set(ada.auth).send({ text: 'First!' }).expect(201);
      expect(first.body).toMatchObject({ _id: post._id, comments: ['First!'] });
      await sleep(5);
      const second = await t.http
        .post(`/api/posts/${post._id}/comments`)
        .set(cy.auth)
        .send({ text: 'Second.', userId: cy.id })
        .expect(201);
      expect(second.body.comments).toEqual(['First!', 'Second.']);

      const res = await t.http.get(`/api/posts/${post._id}/comments`).set(bob.auth).expect(200);
      const author = (m: TestMember) => ({ _id: m.id, firstName: m.member.firstName, lastName: m.member.lastName, picturePath: m.member.picturePath });
      expect(res.body).toEqual([
        { _id: expect.stringMatching(UUID), postId: post._id, text: 'First!', createdAt: expect.stringMatching(ISO_DATE), author: author(ada) },
        { _id: expect.stringMatching(UUID), postId: post._id, text: 'Second.', createdAt: expect.stringMatching(ISO_DATE), author: author(cy) },
      ]);
      expect(JSON.stringify(res.body)).not.toMatch(/email|password/i);
    });

    it('answers an empty list for a post without comments', async () => {
      const post = await createPost(t, bob, 'no comments yet');
      const res = await t.http.get(`/api/posts/${post._id}/comments`).set(ada.auth).expect(200);
      expect(res.body).toEqual([]);
    });

    it('accepts a comment of exactly 2000 characters: the post shows its start, the list all of it', async () => {
      const post = await createPost(t, bob, 'long comment');
      const text = 'c'.repeat(2000);
      const res = await t.http.post(`/api/posts/${post._id}/comments`).set(ada.auth).send({ text }).expect(201);
      expect(res.body).toMatchObject({ comments: [`${'c'.repeat(FEED_COMMENTS.previewLength - 1)}…`], commentCount: 1 });
      const list = await t.http.get(`/api/posts/${post._id}/comments`).set(ada.auth).expect(200);
      expect(list.body.map((comment: PostComment) => comment.text)).toEqual([text]);
    });

    it('embeds only the newest comments, cut short, and counts them all; a page of 20 such posts stays under 64 KB', async () => {
      const many = 200;
      const long = (n: number) => `${n} ${'€'.repeat(1990)}`; // 3 bytes a character in UTF-8: the worst for the page size
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) ids.push((await createPost(t, ada, `many comments ${i}`))._id);
      const start = Date.now();
      await t.database.handle.db.insert(postComments).values(
        ids.flatMap((postId) =>
          Array.from({ length: many }, (_, n) => ({ postId, userId: cy.id, text: long(n), createdAt: new Date(start + n) })),
        ),
      );
      await t.http.post(`/api/posts/${ids[0]}/comments`).set(bob.auth).send({ text: 'short and newest' }).expect(201);

      const res = await t.http.get('/api/posts').query({ limit: 20 }).set(bob.auth).expect(200);
      expect(Buffer.byteLength(res.text)).toBeLessThan(64 * 1024);
      const page = res.body as Post[];
      const newest = page.find((post) => post._id === ids[0])!;
      expect(newest.commentCount).toBe(many + 1);
      const cut = (text: string) => `${text.slice(0, FEED_COMMENTS.previewLength - 1)}…`;
      expect(newest.comments).toEqual([cut(long(many - 2)), cut(long(many - 1)), 'short and newest']);
      for (const post of page.filter((item) => ids.includes(item._id) && item._id !== ids[0])) {
        expect(post).toMatchObject({ commentCount: many, comments: [cut(long(many - 3)), cut(long(many - 2)), cut(long(many - 1))] });
      }
    });

    it('pages the full list oldest first, with X-Next-Cursor until the last page', async () => {
      const post = await createPost(t, bob, 'a long thread');
      const start = Date.now();
      await t.database.handle.db
        .insert(postComments)
        .values(Array.from({ length: 120 }, (_, n) => ({ postId: post._id, userId: ada.id, text: `comment ${n}`, createdAt: new Date(start + n) })));
      const texts: string[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await t.http
          .get(`/api/posts/${post._id}/comments`)
          .query(cursor ? { cursor } : {})
          .set(cy.auth)
          .expect(200);
        sizes.push(res.body.length);
        texts.push(...(res.body as PostComment[]).map((comment) => comment.text));
        cursor = res.headers[NEXT_CURSOR_HEADER];
      } while (cursor && sizes.length < 10);
      expect(sizes).toEqual([COMMENTS_PAGE.defaultLimit, COMMENTS_PAGE.defaultLimit, 120 - 2 * COMMENTS_PAGE.defaultLimit]);
      expect(texts).toEqual(Array.from({ length: 120 }, (_, n) => `comment ${n}`));

      const small = await t.http.get(`/api/posts/${post._id}/comments`).query({ limit: 7 }).set(cy.auth).expect(200);
      expect(small.body).toHaveLength(7);
    });

    it.each([
      ['limit=0', { limit: 0 }, 'limit', `must be between 1 and ${COMMENTS_PAGE.maxLimit}`],
      ['limit=101', { limit: 101 }, 'limit', `must be between 1 and ${COMMENTS_PAGE.maxLimit}`],
      ['a cursor that is no comment id', { cursor: 'abc' }, 'cursor', 'must be a comment id'],
      ['an unknown parameter', { page: 2 }, 'page', 'is not an accepted field'],
    ])('refuses a comments page with %s (400)', async (_case, query, field, message) => {
      const post = await createPost(t, bob, `bad comments page: ${_case}`);
      const res = await t.http.get(`/api/posts/${post._id}/comments`).query(query).set(ada.auth).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, message }] });
    });

    it.each([
      ['a missing text', {}, 'text', 'required'],
      ['a blank text', { text: '   ' }, 'text', 'required'],
      ['a text over 2000 characters', { text: 'c'.repeat(2001) }, 'text', 'must be at most 2000 characters'],
      ['an unknown field', { text: 'ok', rating: 5 }, 'rating', 'is not an accepted field'],
    ])('refuses %s with 400 and stores nothing', async (_case, body, field, message) => {
      const post = await createPost(t, bob, `bad comment: ${_case}`);
      const res = await t.http.post(`/api/posts/${post._id}/comments`).set(ada.auth).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, message }] });
      expect(await t.database.handle.db.select().from(postComments).where(eq(postComments.postId, post._id))).toEqual([]);
    });
  });

  describe('editing and deleting', () => {
    it('lets the author edit the description; updatedAt moves, createdAt stays', async () => {
      const post = await createPost(t, ada, 'before the edit');
      await sleep(20);
      const res = await t.http.patch(`/api/posts/${post._id}`).set(ada.auth).send({ description: 'after the edit' }).expect(200);
      expect(res.body).toMatchObject({ _id: post._id, userId: ada.id, description: 'after the edit', createdAt: post.createdAt });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));

      const feed = await t.http.get(`/api/posts/${ada.id}/posts`).set(bob.auth).expect(200);
      expect((feed.body as Post[]).find((item) => item._id === post._id)?.description).toBe('after the edit');
    });

    it.each([
      ['a blank description', { description: '  ' }, 'description', 'required'],
      ['a missing description', {}, 'description', 'required'],
      ['a description over 5000 characters', { description: 'y'.repeat(5001) }, 'description', 'must be at most 5000 characters'],
    ])('refuses an edit with %s', async (_case, body, field, message) => {
      const post = await createPost(t, ada, `edit refused: ${_case}`);
      const res = await t.http.patch(`/api/posts/${post._id}`).set(ada.auth).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, message }] });
      expect(await postRows(post._id)).toEqual([expect.objectContaining({ description: `edit refused: ${_case}` })]);
    });

    it('lets the author delete a post, with its likes and comments', async () => {
      const post = await createPost(t, bob, 'delete me');
      await t.http.patch(`/api/posts/${post._id}/like`).set(ada.auth).expect(200);
      await t.http.post(`/api/posts/${post._id}/comments`).set(cy.auth).send({ text: 'bye' }).expect(201);
      const db = t.database.handle.db;
      expect(await db.select().from(postLikes).where(eq(postLikes.postId, post._id))).toHaveLength(1);

      const res = await t.http.delete(`/api/posts/${post._id}`).set(bob.auth).expect(204);
      expect(res.text).toBe('');

      await t.http.get(`/api/posts/${post._id}/comments`).set(bob.auth).expect(404);
      expect(await postRows(post._id)).toEqual([]);
      expect(await db.select().from(postLikes).where(inArray(postLikes.postId, [post._id]))).toEqual([]);
      expect(await db.select().from(postComments).where(inArray(postComments.postId, [post._id]))).toEqual([]);
      const feed = await t.http.get('/api/posts').query({ limit: 100 }).set(ada.auth).expect(200);
      expect((feed.body as Post[]).map((item) => item._id)).not.toContain(post._id);
      await t.http.delete(`/api/posts/${post._id}`).set(bob.auth).expect(404);
    });
  });

  it('shows every change in the very next read of the feed and of the author’s posts', async () => {
    const post = await createPost(t, cy, 'watch me change');
    const feedCopy = async () => ((await t.http.get('/api/posts').set(ada.auth).expect(200)).body as Post[]).find((item) => item._id === post._id);
    const authorCopy = async () =>
      ((await t.http.get(`/api/posts/${cy.id}/posts`).set(ada.auth).expect(200)).body as Post[]).find((item) => item._id === post._id);
    const both = async () => [await feedCopy(), await authorCopy()];

    expect(await both()).toEqual([expect.objectContaining({ likes: {} }), expect.objectContaining({ likes: {} })]);

    await t.http.patch(`/api/posts/${post._id}/like`).set(ada.auth).send({}).expect(200);
    expect((await both()).map((copy) => copy?.likes)).toEqual([{ [ada.id]: true }, { [ada.id]: true }]);

    await t.http.post(`/api/posts/${post._id}/comments`).set(bob.auth).send({ text: 'fresh' }).expect(201);
    expect((await both()).map((copy) => copy?.comments)).toEqual([['fresh'], ['fresh']]);

    await t.http.patch(`/api/posts/${post._id}`).set(cy.auth).send({ description: 'changed' }).expect(200);
    expect((await both()).map((copy) => copy?.description)).toEqual(['changed', 'changed']);

    await t.http.delete(`/api/posts/${post._id}`).set(cy.auth).expect(204);
    expect(await both()).toEqual([undefined, undefined]);
  });

  describe('posts that do not exist', () => {
    const routes: Array<[string, (id: string) => PromiseLike<Response>]> = [
      ['PATCH /api/posts/:id/like', (id) => t.http.patch(`/api/posts/${id}/like`).set(ada.auth).send({})],
      ['POST /api/posts/:id/comments', (id) => t.http.post(`/api/posts/${id}/comments`).set(ada.auth).send({ text: 'hello?' })],
      ['GET /api/posts/:id/comments', (id) => t.http.get(`/api/posts/${id}/comments`).set(ada.auth)],
      ['PATCH /api/posts/:id', (id) => t.http.patch(`/api/posts/${id}`).set(ada.auth).send({ description: 'edit' })],
      ['DELETE /api/posts/:id', (id) => t.http.delete(`/api/posts/${id}`).set(ada.auth)],
    ];

    it.each(routes)('%s answers 404 for an unknown post and writes nothing', async (_route, send) => {
      const likesBefore = (await t.database.handle.db.select().from(postLikes)).length;
      const commentsBefore = (await t.database.handle.db.select().from(postComments)).length;
      const res = await send(randomUUID());
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      expect((await t.database.handle.db.select().from(postLikes)).length).toBe(likesBefore);
      expect((await t.database.handle.db.select().from(postComments)).length).toBe(commentsBefore);
    });

    it.each(routes)('%s answers 400 for a malformed id', async (_route, send) => {
      const res = await send('123');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'id', message: expect.any(String) }] });
    });
  });
});

// Passport keeps one 'jwt' strategy per process: the app created last verifies every token. So each
// app here lives in its own top-level describe, created when its tests start and closed after them.
describe('feed paging (45 posts, some created in the same millisecond)', () => {
  let p: TestApp;
  let authors: TestMember[];
  /** Every post of this app, in the order the feed must show them: createdAt, then id, descending. */
  let expected: Array<{ id: string; userId: string }>;

  beforeAll(async () => {
    p = await createTestApp({ CORS_ORIGINS: 'https://a.example' });
    authors = [await registerMember(p), await registerMember(p), await registerMember(p)];

    // 43 older posts written directly; two runs of them share one millisecond, and each run
    // straddles a page boundary of ?limit=20 (positions 17-23 and 37-42 of the 45).
    const base = Date.parse('2024-05-01T12:00:00.789Z');
    const minutesAgo = (i: number) => (i >= 15 && i <= 21 ? 15 : i >= 35 && i <= 40 ? 35 : i);
    const rows = Array.from({ length: 43 }, (_, i) => {
      const createdAt = new Date(base - minutesAgo(i) * 60_000);
      return { id: randomUUID(), userId: authors[i % 3].id, description: `older post ${i}`, createdAt, updatedAt: createdAt };
    });
    await p.database.handle.db.insert(posts).values(rows);

    // Two newer ones through the API.
    const viaApi: Post[] = [];
    for (const author of authors.slice(0, 2)) {
      const res = await p.http.post('/api/posts').set(author.auth).field('description', `newest by ${author.id}`).expect(201);
      viaApi.push(res.body[0]);
    }

    const all = [
      ...rows.map((row) => ({ id: row.id, userId: row.userId, at: row.createdAt.getTime() })),
      ...viaApi.map((post) => ({ id: post._id, userId: post.userId, at: Date.parse(post.createdAt) })),
    ];
    // PostgreSQL compares uuids byte by byte, which is the order of their lower-case hex text.
    all.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expected = all.map(({ id, userId }) => ({ id, userId }));
    expect(expected).toHaveLength(45);
  });
  afterAll(() => p.close());

  it.each([20, 3, 7])('walks the whole feed with ?limit=%i: every post exactly once, newest first', async (limit) => {
    const { ids, pages } = await walkPages(p, authors[0], '/api/posts', limit);
    expect(ids).toEqual(expected.map((post) => post.id));
    expect(new Set(ids).size).toBe(45);
    expect(pages).toBe(Math.ceil(45 / limit));
  });

  it('pages one member’s posts the same way, and only theirs', async () => {
    for (const author of authors) {
      const { ids } = await walkPages(p, authors[2], `/api/posts/${author.id}/posts`, 4);
      const theirs = expected.filter((post) => post.userId === author.id).map((post) => post.id);
      expect(theirs.length).toBeGreaterThanOrEqual(14);
      expect(ids).toEqual(theirs);
    }
  });

  it('answers 20 posts by default and announces the next page', async () => {
    const res = await p.http.get('/api/posts').set(authors[0].auth).expect(200);
    expect(res.body).toHaveLength(FEED_PAGE.defaultLimit);
    expect(res.body.map((post: Post) => post._id)).toEqual(expected.slice(0, 20).map((post) => post.id));
    expect(res.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));
  });

  it('answers up to 100 posts per page, with no cursor once nothing is left', async () => {
    const all = await p.http.get('/api/posts').query({ limit: 100 }).set(authors[0].auth).expect(200);
    expect(all.body).toHaveLength(45);
    expect(all.headers[NEXT_CURSOR_HEADER]).toBeUndefined();

    const exact = await p.http.get('/api/posts').query({ limit: 45 }).set(authors[0].auth).expect(200);
    expect(exact.body).toHaveLength(45);
    expect(exact.headers[NEXT_CURSOR_HEADER]).toBeUndefined();

    const oneShort = await p.http.get('/api/posts').query({ limit: 44 }).set(authors[0].auth).expect(200);
    const cursor = oneShort.headers[NEXT_CURSOR_HEADER];
    expect(cursor).toEqual(expect.any(String));
    const rest = await p.http.get('/api/posts').query({ limit: 44, cursor }).set(authors[0].auth).expect(200);
    expect(rest.body.map((post: Post) => post._id)).toEqual([expected[44].id]);
    expect(rest.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it.each([
    ['limit=0', { limit: '0' }, 'limit'],
    ['limit=101', { limit: '101' }, 'limit'],
    ['limit=abc', { limit: 'abc' }, 'limit'],
    ['limit=2.5', { limit: '2.5' }, 'limit'],
    ['a garbage cursor', { cursor: 'garbage' }, 'cursor'],
    ['a cursor naming no position', { cursor: Buffer.from('12345.not-a-uuid').toString('base64url') }, 'cursor'],
    ['an overlong cursor', { cursor: 'A'.repeat(500) }, 'cursor'],
    // The database refuses times past year 9999: refused here, not answered 500.
    ['a cursor past year 9999', { cursor: Buffer.from('253402300800000.0b9df5f9-b854-4743-8ab3-4fa629ab5259').toString('base64url') }, 'cursor'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_case, query, field) => {
    for (const url of ['/api/posts', `/api/posts/${authors[0].id}/posts`]) {
      const res = await p.http.get(url).query(query).set(authors[0].auth).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(res.body.details).toEqual([{ field, message: expect.any(String) }]);
    }
  });

  it('exposes X-Next-Cursor and Retry-After to cross-origin clients of a configured origin', async () => {
    const res = await p.http.get('/api/posts').set(authors[0].auth).set('Origin', 'https://a.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://a.example');
    const exposed = String(res.headers['access-control-expose-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toContain(NEXT_CURSOR_HEADER);
    // A 429's wait, which the pages tell the visitor: not a CORS-safelisted header.
    expect(exposed).toContain('retry-after');
    expect(res.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));
  });
});
