import type { Response } from 'supertest';
import { registerMember, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

// Toggles sent at once, as a double click or two tabs do. On PostgreSQL they run on separate pool
// connections at the same time: each acknowledged toggle must flip the state exactly once, and none
// may fail (a deadlock between two members befriending each other answered 500).
const ROUNDS = 12;
const TOGGLES = 20;

const acknowledged = (answers: Response[]) => answers.filter((res) => res.status === 200).length;

describe('concurrent toggles', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' })));
  afterAll(() => t.close());

  function expectNoFailures(answers: Response[]): void {
    expect(answers.filter((res) => res.status !== 200).map((res) => `${res.status} ${JSON.stringify(res.body)}`)).toEqual([]);
  }

  it('flips a like once per acknowledged toggle', async () => {
    const author = await registerMember(t);
    const liker = await registerMember(t);
    const created = await t.http.post('/api/posts').set(author.auth).field('description', 'Like me').expect(201);
    const postId: string = created.body[0]._id;
    const likedNow = async () => {
      const res = await t.http.get(`/api/posts/${author.id}/posts`).set(liker.auth).expect(200);
      return Boolean(res.body[0].likes[liker.id]);
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      const before = await likedNow();
      const answers = await Promise.all(
        Array.from({ length: TOGGLES + (round % 2) }, () => t.http.patch(`/api/posts/${postId}/like`).set(liker.auth).send({ userId: liker.id })),
      );
      expectNoFailures(answers);
      expect({ round, liked: await likedNow() }).toEqual({ round, liked: acknowledged(answers) % 2 === 1 ? !before : before });
    }
  });

  it('lets two members befriend each other at once without a failure or a half friendship', async () => {
    const friendsOf = async (member: TestMember) =>
      ((await t.http.get(`/api/users/${member.id}/friends`).set(member.auth).expect(200)).body as Array<{ _id: string }>).map((f) => f._id);

    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await registerMember(t);
      const b = await registerMember(t);
      // Half from each side, interleaved: each side's transaction locks its own member first.
      const answers = await Promise.all(
        Array.from({ length: 10 + (round % 2) }, (_, i) =>
          i % 2 === 0 ? t.http.patch(`/api/users/${a.id}/${b.id}`).set(a.auth) : t.http.patch(`/api/users/${b.id}/${a.id}`).set(b.auth),
        ),
      );
      expectNoFailures(answers);
      const befriended = acknowledged(answers) % 2 === 1;
      expect({ round, a: await friendsOf(a), b: await friendsOf(b) }).toEqual({ round, a: befriended ? [b.id] : [], b: befriended ? [a.id] : [] });
    }
  });
});
