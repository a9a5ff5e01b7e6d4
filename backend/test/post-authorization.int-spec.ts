import { asc } from 'drizzle-orm';
import type { Post } from '@atelier/contracts';
import type { Test } from 'supertest';
import { postComments } from '../src/db/schema/post-comments.table';
import { postLikes } from '../src/db/schema/post-likes.table';
import { posts } from '../src/db/schema/posts.table';
import { createTestApp, type TestApp } from './helpers/test-app';
import { badAuthHeaders, pngFixture, registerMember, removeMember, storedFiles, type TestMember } from './helpers/members';

type Headers = Record<string, string>;

interface MutatingRoute {
  name: string;
  /** Sends the route's request with these headers; `actingAs` puts a userId in the body. */
  send(headers: Headers, actingAs?: string): Test;
  /** Status of the same request made properly by the post's author. */
  success: number;
}

describe('post authorization: every mutating post route', () => {
  let t: TestApp;
  let author: TestMember;
  let intruder: TestMember;
  let deleted: TestMember;
  let target: Post;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    author = await registerMember(t, { firstName: 'Author' });
    intruder = await registerMember(t, { firstName: 'Intruder' });
    deleted = await registerMember(t, { firstName: 'Gone' });
    await removeMember(t, deleted.id);
    picture = await pngFixture();

    // The victim's post has a picture, a like and a comment, so every table and the media folder
    // hold something that a wrongly allowed request could change.
    const created = await t.http
      .post('/api/posts')
      .set(author.auth)
      .field('description', 'the author’s post')
      .attach('picture', await pngFixture(), 'original.png')
      .expect(201);
    target = created.body[0];
    await t.http.patch(`/api/posts/${target._id}/like`).set(author.auth).send({}).expect(200);
    await t.http.post(`/api/posts/${target._id}/comments`).set(author.auth).send({ text: 'first comment' }).expect(201);
  });
  afterAll(() => t.close());

  const routes: MutatingRoute[] = [
    {
      name: 'POST /api/posts',
      send: (headers, actingAs) => {
        let req = t.http.post('/api/posts').set(headers);
        if (actingAs) req = req.field('userId', actingAs);
        return req.field('description', 'an uninvited post').attach('picture', picture, 'uninvited.png');
      },
      success: 201,
    },
    {
      name: 'PATCH /api/posts/:id/like',
      send: (headers, actingAs) => t.http.patch(`/api/posts/${target._id}/like`).set(headers).send(actingAs ? { userId: actingAs } : {}),
      success: 200,
    },
    {
      name: 'POST /api/posts/:id/comments',
      send: (headers, actingAs) =>
        t.http
          .post(`/api/posts/${target._id}/comments`)
          .set(headers)
          .send({ text: 'an uninvited comment', ...(actingAs ? { userId: actingAs } : {}) }),
      success: 201,
    },
    {
      name: 'PATCH /api/posts/:id',
      send: (headers) => t.http.patch(`/api/posts/${target._id}`).set(headers).send({ description: 'defaced' }),
      success: 200,
    },
    {
      name: 'DELETE /api/posts/:id',
      send: (headers) => t.http.delete(`/api/posts/${target._id}`).set(headers),
      success: 204,
    },
  ];

  /** Everything a mutating post route could touch. */
  async function snapshot() {
    const db = t.database.handle.db;
    return {
      posts: await db.select().from(posts).orderBy(asc(posts.id)),
      likes: await db.select().from(postLikes).orderBy(asc(postLikes.postId), asc(postLikes.userId)),
      comments: await db.select().from(postComments).orderBy(asc(postComments.id)),
      files: storedFiles(t, 'posts'),
    };
  }

  /** Sends the request and checks the answer and that the database and the media folder are untouched. */
  async function expectRefusedWithoutChanges(request: () => Test, status: number, code: string): Promise<void> {
    const before = await snapshot();
    const res = await request();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  }

  it('starts from a post with a picture, a like and a comment', async () => {
    const state = await snapshot();
    expect(state.posts).toHaveLength(1);
    expect(state.likes).toHaveLength(1);
    expect(state.comments).toHaveLength(1);
    expect(state.files).toEqual([target.picturePath]);
  });

  const badCredentials = ['no token', 'malformed token', 'expired token', 'forged token'];
  const unauthenticatedCases = routes.flatMap((route) => badCredentials.map((kind) => [route.name, kind, route] as const));

  it.each(unauthenticatedCases)('%s with %s -> 401 UNAUTHORIZED, nothing changed', async (_name, kind, route) => {
    const headers = new Map(badAuthHeaders(t, author.id)).get(kind);
    expect(headers).toBeDefined();
    await expectRefusedWithoutChanges(() => route.send(headers ?? {}), 401, 'UNAUTHORIZED');
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s with the token of a deleted member -> 401 UNAUTHORIZED, nothing changed',
    async (_name, route) => {
      await expectRefusedWithoutChanges(() => route.send(deleted.auth), 401, 'UNAUTHORIZED');
    },
  );

  // Anyone may post, like and comment as themselves; naming someone else in userId is refused.
  // Only the author may edit or delete.
  it.each(routes.map((route) => [route.name, route] as const))(
    '%s by another member on the author’s behalf -> 403 FORBIDDEN, nothing changed',
    async (name, route) => {
      const actingAs = ['PATCH /api/posts/:id', 'DELETE /api/posts/:id'].includes(name) ? undefined : author.id;
      await expectRefusedWithoutChanges(() => route.send(intruder.auth, actingAs), 403, 'FORBIDDEN');
    },
  );

  // The control: the very same requests succeed for the author, so the refusals above came from the
  // credentials and nothing else. Runs last, since it deletes the post.
  it('accepts each of these requests from the author', async () => {
    for (const route of routes) {
      const actingAs = ['PATCH /api/posts/:id', 'DELETE /api/posts/:id'].includes(route.name) ? undefined : author.id;
      const res = await route.send(author.auth, actingAs);
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: route.success });
    }
    const after = await snapshot();
    expect(after.posts.map((row) => row.description)).toEqual(['an uninvited post']);
    expect(after.files).not.toContain(target.picturePath);
  });
});
