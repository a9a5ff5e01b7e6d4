import { randomUUID } from 'node:crypto';
import { friendSummaryOf, type Member, type Post } from '@atelier/contracts';
import { asc } from 'drizzle-orm';
import { friendships } from '../src/db/schema/friendships.table';
import { createTestApp, type TestApp } from './helpers/test-app';
import { badAuthHeaders, registerMember, type TestMember } from './helpers/members';


describe('Matrix Network members', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' })));
  afterAll(() => t.close());

  /** Every friendship row, as `user->friend`, in a stable order. */
  async function friendshipRows(): Promise<string[]> {
    const rows = await t.database.handle.db
      .select({ userId: friendships.userId, friendId: friendships.friendId })
      .from(friendships)
      .orderBy(asc(friendships.userId), asc(friendships.friendId));
    return rows.map((row) => `${row.userId}->${row.friendId}`);
  }

  /** The member as they see themselves (their own visits never count as views). */
  async function ownRecord(member: TestMember): Promise<Member> {
    const res = await t.http.get(`/api/users/${member.id}`).set(member.auth);
    expect(res.status).toBe(200);
    return res.body as Member;
  }

  async function createPost(member: TestMember, description: string): Promise<void> {
    const res = await t.http.post('/api/posts').set(member.auth).field('description', description);
    expect(res.status).toBe(201);
  }

  describe('GET /api/users/:id', () => {
    it("answers the caller's own record with the email", async () => {
      const a = await registerMember(t);
      const res = await t.http.get(`/api/users/${a.id}`).set(a.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        _id: a.id,
        firstName: a.member.firstName,
        lastName: a.member.lastName,
        email: a.email,
        location: a.member.location,
        occupation: a.member.occupation,
        picturePath: a.member.picturePath,
        viewedProfile: 0,
        impressions: 0,
        friends: [],
        createdAt: a.member.createdAt,
      });
    });

    it("answers another member's record without the email", async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      const res = await t.http.get(`/api/users/${b.id}`).set(a.auth);
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('email');
      expect(JSON.stringify(res.body)).not.toContain(b.email);
      expect(res.body).toMatchObject({ _id: b.id, firstName: b.member.firstName, lastName: b.member.lastName, picturePath: b.member.picturePath });
    });

    it('answers 404 for an id no member has', async () => {
      const a = await registerMember(t);
      const unknown = randomUUID();
      const res = await t.http.get(`/api/users/${unknown}`).set(a.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringContaining(unknown) });
    });

    it('answers 400 for a malformed id', async () => {
      const a = await registerMember(t);
      for (const id of ['not-a-uuid', '123', `${a.id}x`]) {
        const res = await t.http.get(`/api/users/${id}`).set(a.auth);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: expect.any(String),
          details: [{ field: 'id', message: expect.any(String) }],
        });
      }
    });

    it('counts distinct other viewers in viewedProfile', async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      const c = await registerMember(t);
      expect((await ownRecord(b)).viewedProfile).toBe(0);

      const firstVisit = await t.http.get(`/api/users/${b.id}`).set(a.auth);
      expect(firstVisit.status).toBe(200);
      expect(firstVisit.body.viewedProfile).toBe(1);
      const secondVisit = await t.http.get(`/api/users/${b.id}`).set(a.auth);
      expect(secondVisit.body.viewedProfile).toBe(1);
      expect((await ownRecord(b)).viewedProfile).toBe(1);

      const otherViewer = await t.http.get(`/api/users/${b.id}`).set(c.auth);
      expect(otherViewer.body.viewedProfile).toBe(2);

      // B looking at their own profile (again and again) does not count.
      expect((await ownRecord(b)).viewedProfile).toBe(2);
      expect((await ownRecord(b)).viewedProfile).toBe(2);
      // Nor did the visits count for the visitors.
      expect((await ownRecord(a)).viewedProfile).toBe(0);
      expect((await ownRecord(c)).viewedProfile).toBe(0);
    });

    it('counts a viewer once even when their first visits arrive together', async () => {
      const [viewer, viewed] = [await registerMember(t), await registerMember(t)];
      const visits = await Promise.all(Array.from({ length: 8 }, () => t.http.get(`/api/users/${viewed.id}`).set(viewer.auth)));
      expect(visits.map((visit) => visit.status)).toEqual(Array(8).fill(200));
      expect((await ownRecord(viewed)).viewedProfile).toBe(1);
    });

    it("adds the posts delivered in another member's feed to the author's impressions", async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      await createPost(b, 'B writes first');
      for (const n of [1, 2, 3]) await createPost(a, `A's post ${n}`);

      // Baselines after the posts exist (creating a post answers a feed page, which counts too).
      const aBefore = (await ownRecord(a)).impressions;
      const bBefore = (await ownRecord(b)).impressions;

      // First page: A's two newest posts.
      const page1 = await t.http.get('/api/posts?limit=2').set(b.auth);
      expect(page1.status).toBe(200);
      const delivered1 = (page1.body as Post[]).filter((post) => post.userId === a.id).length;
      expect(delivered1).toBe(2);
      expect((await ownRecord(a)).impressions).toBe(aBefore + delivered1);

      // The rest: A's last post and B's own, which does not count for B.
      const cursor = page1.headers['x-next-cursor'];
      expect(cursor).toEqual(expect.any(String));
      const page2 = await t.http.get(`/api/posts?limit=100&cursor=${encodeURIComponent(cursor)}`).set(b.auth);
      expect(page2.status).toBe(200);
      const posts2 = page2.body as Post[];
      const delivered2 = posts2.filter((post) => post.userId === a.id).length;
      expect(delivered2).toBe(1);
      expect(posts2.some((post) => post.userId === b.id)).toBe(true);

      expect((await ownRecord(a)).impressions).toBe(aBefore + delivered1 + delivered2);
      expect((await ownRecord(b)).impressions).toBe(bBefore);

      // Another member's view of A's profile shows the same count.
      const seenByB = await t.http.get(`/api/users/${a.id}`).set(b.auth);
      expect(seenByB.body.impressions).toBe(aBefore + 3);
    });
  });

  describe('friends', () => {
    it('lists no friends for a new member', async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      const res = await t.http.get(`/api/users/${a.id}/friends`).set(b.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('answers 404 for the friends of an unknown member and 400 for a malformed id', async () => {
      const a = await registerMember(t);
      const missing = await t.http.get(`/api/users/${randomUUID()}/friends`).set(a.auth);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('NOT_FOUND');
      const malformed = await t.http.get('/api/users/nope/friends').set(a.auth);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'id' }] });
    });

    it('PATCH /api/users/:id/:friendId toggles the friendship in both directions', async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);

      const added = await t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth);
      expect(added.status).toBe(200);
      expect(added.body).toEqual([friendSummaryOf(b.member)]);

      const aFriends = await t.http.get(`/api/users/${a.id}/friends`).set(a.auth);
      expect(aFriends.body).toEqual([friendSummaryOf(b.member)]);
      const bFriends = await t.http.get(`/api/users/${b.id}/friends`).set(a.auth);
      expect(bFriends.body).toEqual([friendSummaryOf(a.member)]);
      expect((await ownRecord(a)).friends).toEqual([friendSummaryOf(b.member)]);
      expect((await ownRecord(b)).friends).toEqual([friendSummaryOf(a.member)]);
      expect(await friendshipRows()).toEqual(expect.arrayContaining([`${a.id}->${b.id}`, `${b.id}->${a.id}`]));

      const removed = await t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual([]);
      expect((await t.http.get(`/api/users/${a.id}/friends`).set(a.auth)).body).toEqual([]);
      expect((await t.http.get(`/api/users/${b.id}/friends`).set(b.auth)).body).toEqual([]);
      const rows = await friendshipRows();
      expect(rows).not.toContain(`${a.id}->${b.id}`);
      expect(rows).not.toContain(`${b.id}->${a.id}`);
    });

    it("answers the caller's whole list, and the friend can remove the friendship too", async () => {
      const a = await registerMember(t);
      const b = await registerMember(t);
      const c = await registerMember(t);
      expect((await t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth)).body).toEqual([friendSummaryOf(b.member)]);
      const two = await t.http.patch(`/api/users/${a.id}/${c.id}`).set(a.auth);
      expect(two.status).toBe(200);
      expect(two.body).toHaveLength(2);
      expect(two.body).toEqual(expect.arrayContaining([friendSummaryOf(b.member), friendSummaryOf(c.member)]));

      // B ends the friendship from their side: it is gone for A as well.
      const fromB = await t.http.patch(`/api/users/${b.id}/${a.id}`).set(b.auth);
      expect(fromB.status).toBe(200);
      expect(fromB.body).toEqual([]);
      expect((await t.http.get(`/api/users/${a.id}/friends`).set(a.auth)).body).toEqual([friendSummaryOf(c.member)]);
    });

    describe('authorization of PATCH /api/users/:id/:friendId', () => {
      let a: TestMember;
      let b: TestMember;
      let c: TestMember;
      beforeAll(async () => {
        a = await registerMember(t);
        b = await registerMember(t);
        c = await registerMember(t);
        // A and B start as friends, so a wrongly applied toggle would remove rows and one to C would add some.
        expect((await t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth)).status).toBe(200);
      });

      it.each(['no token', 'malformed token', 'expired token', 'forged token'])('answers 401 for %s and changes nothing', async (name) => {
        const [, headers] = badAuthHeaders(t, a.id).find(([kind]) => kind === name)!;
        const before = await friendshipRows();
        expect(before).toEqual(expect.arrayContaining([`${a.id}->${b.id}`, `${b.id}->${a.id}`]));

        for (const friend of [b, c]) {
          const res = await t.http.patch(`/api/users/${a.id}/${friend.id}`).set(headers);
          expect(res.status).toBe(401);
          expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String) });
        }
        expect(await friendshipRows()).toEqual(before);
      });

      it("answers 403 when another member toggles A's friendships, and changes nothing", async () => {
        const before = await friendshipRows();
        for (const friend of [b, c]) {
          const res = await t.http.patch(`/api/users/${a.id}/${friend.id}`).set(c.auth);
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
        }
        expect(await friendshipRows()).toEqual(before);
        expect((await t.http.get(`/api/users/${a.id}/friends`).set(a.auth)).body).toEqual([friendSummaryOf(b.member)]);
      });

      it('answers 400 for befriending oneself, and changes nothing', async () => {
        const before = await friendshipRows();
        const res = await t.http.patch(`/api/users/${a.id}/${a.id}`).set(a.auth);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [{ field: 'friendId' }] });
        expect(await friendshipRows()).toEqual(before);
      });

      it('answers 404 for an unknown friend, and changes nothing', async () => {
        const before = await friendshipRows();
        const unknown = randomUUID();
        const res = await t.http.patch(`/api/users/${a.id}/${unknown}`).set(a.auth);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringContaining(unknown) });
        expect(await friendshipRows()).toEqual(before);
      });

      it('answers 400 for a malformed friend id, and changes nothing', async () => {
        const before = await friendshipRows();
        const res = await t.http.patch(`/api/users/${a.id}/not-a-uuid`).set(a.auth);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'friendId' }] });
        expect(await friendshipRows()).toEqual(before);
      });
    });
  });
});
