import { GUEST_ACCOUNT, type LoginResponse, type Post } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { postComments } from '../src/db/schema/post-comments.table';
import { postLikes } from '../src/db/schema/post-likes.table';
import { posts } from '../src/db/schema/posts.table';
import { users } from '../src/db/schema/users.table';
import { DEMO_GUEST_POST } from '../src/modules/users/demo-members';
import { GuestSandboxes } from '../src/modules/users/guest-sandboxes.service';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { pngFixture, registerMember, signedToken, storedFiles, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

const DAY_MS = 24 * 3600 * 1000;

interface Guest {
  id: string;
  auth: { Authorization: string };
  login: LoginResponse;
}

describe('guest sandboxes: every guest sign-in is a visitor of its own', () => {
  let t: TestApp;
  let ada: TestMember;
  let adaPost: Post;
  let template: { id: string };
  let seededGuestPost: string;

  const signInAsGuest = async (): Promise<Guest> => {
    const res = await t.http.post('/api/auth/login').send(GUEST_ACCOUNT).expect(200);
    const login = res.body as LoginResponse;
    return { id: login.user._id, auth: { Authorization: `Bearer ${login.token}` }, login };
  };
  const feed = async (reader: { auth: { Authorization: string } }) =>
    (await t.http.get('/api/posts').query({ limit: 50 }).set(reader.auth).expect(200)).body as Post[];
  const postIn = async (reader: { auth: { Authorization: string } }, id: string) => (await feed(reader)).find((post) => post._id === id);
  const friendIds = async (reader: { auth: { Authorization: string } }, of: string) =>
    ((await t.http.get(`/api/users/${of}/friends`).set(reader.auth).expect(200)).body as { _id: string }[]).map((friend) => friend._id);

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    ada = await registerMember(t, { firstName: 'Ada', email: 'mira.castellane@matrix.example' });
    adaPost = (await t.http.post('/api/posts').set(ada.auth).field('description', 'Ada on attention sinks').expect(201)).body[0];
    // The guest as the seed leaves it: a friend, a post with a member's comment and like, a like and a comment of its own.
    template = (await t.http.post('/api/admin/users/reset-guest').set(admin).expect(200)).body;
    const db = t.database.handle.db;
    [{ id: seededGuestPost }] = await db.insert(posts).values({ userId: template.id, description: 'Hello Matrix Network!' }).returning();
    await db.insert(postLikes).values([
      { postId: seededGuestPost, userId: ada.id },
      { postId: adaPost._id, userId: template.id },
    ]);
    await db.insert(postComments).values([
      { postId: seededGuestPost, userId: ada.id, text: 'Welcome!' },
      { postId: adaPost._id, userId: template.id, text: 'Great read' },
    ]);
  });
  afterAll(() => t.close());

  it('signs each guest into a sandbox that starts as a copy of the seeded guest', async () => {
    const [one, two] = [await signInAsGuest(), await signInAsGuest()];
    expect(one.id).not.toBe(two.id);
    expect([one.id, two.id]).not.toContain(template.id);
    expect(one.login.user).toMatchObject({ firstName: 'Guest', lastName: 'Visitor', friends: [expect.objectContaining({ _id: ada.id })] });
    // The visitor learns when the sandbox goes; a member's own record has no such field.
    const endsIn = Date.parse(one.login.user.sandboxExpiresAt!) - Date.now();
    expect(endsIn).toBeGreaterThan(DAY_MS - 60_000);
    expect(endsIn).toBeLessThanOrEqual(DAY_MS);
    expect((await t.http.get(`/api/users/${ada.id}`).set(ada.auth).expect(200)).body).not.toHaveProperty('sandboxExpiresAt');

    const ownCopy = (await feed(one)).find((post) => post.description === 'Hello Matrix Network!');
    expect(ownCopy).toMatchObject({ userId: one.id, likes: { [ada.id]: true }, comments: ['Welcome!'] });
    expect(await postIn(one, adaPost._id)).toMatchObject({ likes: { [one.id]: true }, comments: ['Great read'] });
    // Nobody but the sandbox sees it, nor the seeded guest: a member's feed is the members' own.
    expect((await feed(ada)).map((post) => post.userId)).toEqual([ada.id]);
    expect(await postIn(ada, adaPost._id)).toMatchObject({ likes: {}, comments: [] });
  });

  it("keeps one guest's posts, likes, comments and friend changes from every other reader", async () => {
    const [visitor, other] = [await signInAsGuest(), await signInAsGuest()];
    const created = await t.http
      .post('/api/posts')
      .set(visitor.auth)
      .field('description', 'Testing the sandbox')
      .attach('picture', await pngFixture(), 'shot.png')
      .expect(201);
    const mine = (created.body as Post[]).find((post) => post.description === 'Testing the sandbox')!;
    await t.http.patch(`/api/posts/${adaPost._id}/like`).set(visitor.auth).send({}).expect(200); // unlikes the copied like
    await t.http.post(`/api/posts/${adaPost._id}/comments`).set(visitor.auth).send({ text: 'From my sandbox' }).expect(201);
    await t.http.patch(`/api/users/${visitor.id}/${ada.id}`).set(visitor.auth).expect(200); // unfriends Ada

    expect(await postIn(visitor, mine._id)).toBeDefined();
    expect(await postIn(visitor, adaPost._id)).toMatchObject({ likes: {}, comments: ['Great read', 'From my sandbox'] });
    expect(await friendIds(visitor, visitor.id)).toEqual([]);

    for (const reader of [other, ada]) {
      expect(await postIn(reader, mine._id)).toBeUndefined();
      expect((await postIn(reader, adaPost._id))?.comments).not.toContain('From my sandbox');
      expect(await friendIds(reader, ada.id)).not.toContain(visitor.id);
      expect((await t.http.get(`/api/users/${visitor.id}`).set(reader.auth)).status).toBe(404);
      expect((await t.http.get(`/api/posts/${visitor.id}/posts`).set(reader.auth)).status).toBe(404);
      expect((await t.http.get(`/api/posts/${mine._id}/comments`).set(reader.auth)).status).toBe(404);
    }
    expect(await postIn(other, adaPost._id)).toMatchObject({ likes: { [other.id]: true }, comments: ['Great read'] });
    expect(await friendIds(other, other.id)).toEqual([ada.id]);
    // Another guest cannot touch it either.
    expect((await t.http.patch(`/api/posts/${mine._id}/like`).set(other.auth).send({})).status).toBe(404);
    expect((await t.http.post(`/api/posts/${mine._id}/comments`).set(other.auth).send({ text: 'hi' })).status).toBe(404);
    expect((await t.http.patch(`/api/users/${other.id}/${visitor.id}`).set(other.auth)).status).toBe(404);
  });

  it('refuses every token of the seeded guest itself (as signed before sandboxes): nothing it writes reaches a visitor', async () => {
    const counters = async () =>
      (await t.database.handle.db.select({ viewed: users.viewedProfile, impressions: users.impressions }).from(users).where(eq(users.id, template.id)))[0];
    const before = await counters();
    for (const claims of [{ sub: template.id, ver: 0 }, { sub: template.id }, { sub: template.id, ver: 0, sbx: true }]) {
      const asTemplate = { Authorization: `Bearer ${signedToken(t, claims)}` };
      const answers = [
        await t.http.post('/api/posts').set(asTemplate).field('description', 'INJECTED post'),
        await t.http.post(`/api/posts/${adaPost._id}/comments`).set(asTemplate).send({ text: 'INJECTED comment' }),
        await t.http.patch(`/api/posts/${adaPost._id}/like`).set(asTemplate),
        await t.http.get(`/api/users/${ada.id}`).set(asTemplate),
        await t.http.get('/api/posts').set(asTemplate),
      ];
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: expect.stringMatching(/guest account itself.*sign in as the guest again/) });
      }
    }
    const visitor = await signInAsGuest();
    expect(JSON.stringify(await feed(visitor))).not.toContain('INJECTED');
    expect(await postIn(visitor, adaPost._id)).toMatchObject({ likes: { [visitor.id]: true }, comments: ['Great read'] });
    expect(await counters()).toEqual(before);
  });

  it("changes no member's counters and stays out of the owner's member list", async () => {
    const visitor = await signInAsGuest();
    const before = (await t.http.get(`/api/users/${ada.id}`).set(ada.auth).expect(200)).body;
    await t.http.get(`/api/users/${ada.id}`).set(visitor.auth).expect(200);
    await feed(visitor);
    const after = (await t.http.get(`/api/users/${ada.id}`).set(ada.auth).expect(200)).body;
    expect([after.viewedProfile, after.impressions]).toEqual([before.viewedProfile, before.impressions]);

    const listed = (await t.http.get('/api/admin/users').set(admin).expect(200)).body as { id: string; friends: number }[];
    expect(listed.map((member) => member.id)).toEqual(expect.arrayContaining([ada.id, template.id]));
    expect(listed.map((member) => member.id)).not.toContain(visitor.id);
    // Ada's friends, as the owner counts them: the guest, not the guests' sandboxes befriending her.
    expect(listed.find((member) => member.id === ada.id)?.friends).toBe(1);
  });

  it('cannot be entered with a password: only the token of its sign-in opens it', async () => {
    const visitor = await signInAsGuest();
    const [row] = await t.database.handle.db.select().from(users).where(eq(users.id, visitor.id));
    expect(row.email).toMatch(/^guest\+[0-9a-f]{8}@example\.com$/);
    expect((await t.http.post('/api/auth/login').send({ email: row.email, password: GUEST_ACCOUNT.password })).status).toBe(401);
  });

  it('removes sandboxes after GUEST_SANDBOX_HOURS with all they wrote; the seeded content stays', async () => {
    const visitor = await signInAsGuest();
    await t.http
      .post('/api/posts')
      .set(visitor.auth)
      .field('description', 'Soon gone')
      .attach('picture', await pngFixture(), 'gone.png')
      .expect(201);
    const picturesBefore = storedFiles(t, 'posts').length;
    const sandboxes = t.app.get(GuestSandboxes);

    expect(await sandboxes.sweep(new Date(Date.now() + DAY_MS - 60_000))).toBe(0);
    expect(await sandboxes.sweep(new Date(Date.now() + DAY_MS + 60_000))).toBeGreaterThanOrEqual(5);

    expect((await t.http.get('/api/posts').set(visitor.auth)).status).toBe(401);
    expect(storedFiles(t, 'posts')).toHaveLength(picturesBefore - 2); // this post's picture and the earlier sandbox post's
    const remaining = await t.database.handle.db.select({ id: users.id }).from(users);
    expect(remaining.map((row) => row.id).sort()).toEqual([ada.id, template.id].sort());
    const seeded = await t.database.handle.db.select().from(postComments).where(eq(postComments.postId, adaPost._id));
    expect(seeded.map((comment) => comment.text)).toEqual(['Great read']);
    // The guest still signs in, into a new sandbox.
    expect((await signInAsGuest()).id).not.toBe(visitor.id);
  });

  it("disabling the guest ends every sandbox and its token; enabling lets visitors in again", async () => {
    const [one, two] = [await signInAsGuest(), await signInAsGuest()];
    await t.http.post(`/api/admin/users/${template.id}/disable`).set(admin).expect(200);
    for (const visitor of [one, two]) expect((await t.http.get('/api/posts').set(visitor.auth)).status).toBe(401);
    expect((await t.http.post('/api/auth/login').send(GUEST_ACCOUNT)).status).toBe(403);
    const remaining = await t.database.handle.db.select({ id: users.id }).from(users);
    expect(remaining.map((row) => row.id).sort()).toEqual([ada.id, template.id].sort());

    await t.http.post(`/api/admin/users/${template.id}/enable`).set(admin).expect(200);
    expect((await feed(await signInAsGuest())).map((post) => post.description)).toContain('Hello Matrix Network!');
  });

  it("reset-guest puts the guest's content and counters back as seeded and ends every token of it", async () => {
    const db = t.database.handle.db;
    await db.insert(posts).values({ userId: template.id, description: DEMO_GUEST_POST });
    // What a template token wrote before it was refused, and the counters it moved.
    const [injected] = await db.insert(posts).values({ userId: template.id, description: 'INJECTED post' }).returning();
    await db.insert(postComments).values({ postId: adaPost._id, userId: template.id, text: 'INJECTED comment' });
    const bob = await registerMember(t, { firstName: 'Bob' });
    const bobPost = (await t.http.post('/api/posts').set(bob.auth).field('description', 'Bob writes').expect(201)).body[0] as Post;
    await db.insert(postLikes).values({ postId: bobPost._id, userId: template.id });
    await db.update(users).set({ viewedProfile: 40, impressions: 400 }).where(eq(users.id, template.id));
    const [{ tokenVersion }] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, template.id));

    const reset = await t.http.post('/api/admin/users/reset-guest').set(admin).expect(200);
    expect(reset.body.id).toBe(template.id);
    const [row] = await db.select().from(users).where(eq(users.id, template.id));
    expect(row).toMatchObject({ viewedProfile: 0, impressions: 0, tokenVersion: tokenVersion + 1, sandboxed: true, sandboxExpiresAt: null });
    const visitor = await signInAsGuest();
    const seen = await feed(visitor);
    expect(seen.map((post) => post.description)).toContain(DEMO_GUEST_POST);
    expect(JSON.stringify(seen)).not.toContain('INJECTED');
    expect(await postIn(visitor, bobPost._id)).toMatchObject({ likes: {} });
    expect(await db.select().from(posts).where(eq(posts.id, injected.id))).toEqual([]);
  });
});
