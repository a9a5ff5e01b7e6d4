import { GUEST_ACCOUNT, NEXT_CURSOR_HEADER, type LoginResponse, type Post } from '@atelier/contracts';
import { decodeCursor, encodeCursor } from '../src/modules/posts/feed-cursor';
import { toPost } from '../src/modules/posts/post.serializer';
import { PostsRepository } from '../src/modules/posts/posts.repository';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { registerMember, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

type Reader = { id: string; auth: { Authorization: string } };

/**
 * A guest reads the members' cached pages with the guest's own rows merged in; every page must be
 * the one the feed statement answers for the guest's sandbox straight from the database.
 */
describe('guest feed: shared pages with the guest’s own rows merged in', () => {
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let guest: Reader;
  let repository: PostsRepository;

  const signInAsGuest = async (): Promise<Reader> => {
    const login = (await t.http.post('/api/auth/login').send(GUEST_ACCOUNT).expect(200)).body as LoginResponse;
    return { id: login.user._id, auth: { Authorization: `Bearer ${login.token}` } };
  };
  const postAs = async (reader: Reader, description: string): Promise<string> =>
    ((await t.http.post('/api/posts').set(reader.auth).field('description', description).expect(201)).body as Post[])[0]!._id;

  /** Every page the API answers, walking the cursors, each read twice (the second from the caches). */
  async function pagesFromApi(reader: Reader, limit: number, authorId?: string): Promise<Array<{ posts: Post[]; next?: string }>> {
    const pages: Array<{ posts: Post[]; next?: string }> = [];
    let cursor: string | undefined;
    do {
      const url = authorId ? `/api/posts/${authorId}/posts` : '/api/posts';
      const ask = () => t.http.get(url).query(cursor ? { limit, cursor } : { limit }).set(reader.auth).expect(200);
      const first = await ask();
      const again = await ask();
      expect(again.body).toEqual(first.body);
      const next = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      pages.push({ posts: first.body as Post[], next });
      cursor = next;
    } while (cursor && pages.length < 50);
    return pages;
  }

  /** The same walk with the feed statement for the guest's sandbox, as the guest's pages were read before. */
  async function pagesFromDatabase(sandbox: string, limit: number, authorId?: string): Promise<Array<{ posts: Post[]; next?: string }>> {
    const pages: Array<{ posts: Post[]; next?: string }> = [];
    let cursor: string | undefined;
    do {
      const records = await repository.page({ authorId, after: cursor ? decodeCursor(cursor)! : undefined, limit: limit + 1, sandbox });
      const page = records.slice(0, limit);
      const last = page[page.length - 1];
      const next = records.length > limit && last ? encodeCursor(last) : undefined;
      pages.push({ posts: page.map(toPost), next });
      cursor = next;
    } while (cursor && pages.length < 50);
    return pages;
  }

  async function expectSameAsDatabase(reader: Reader, authorId?: string): Promise<void> {
    for (const limit of [1, 2, 3, 5, 20]) {
      expect(await pagesFromApi(reader, limit, authorId)).toEqual(await pagesFromDatabase(reader.id, limit, authorId));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '10000', MEMBER_WRITES_PER_MINUTE: '10000' });
    repository = t.app.get(PostsRepository);
    [ada, bob] = [await registerMember(t, { firstName: 'Ada' }), await registerMember(t, { firstName: 'Bob' })];
    await t.http.post('/api/admin/users/reset-guest').set(admin).expect(200);
    guest = await signInAsGuest();
    // Members' and the guest's posts interleaved in time; the guest likes and comments on some members' posts.
    const memberPosts: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      memberPosts.push(await postAs(ada, `ada ${i}`), await postAs(bob, `bob ${i}`));
      await postAs(guest, `guest ${i}`);
    }
    await t.http.patch(`/api/posts/${memberPosts[0]}/like`).set(bob.auth).send({}).expect(200);
    for (const id of [memberPosts[0], memberPosts[3], memberPosts[6]]) await t.http.patch(`/api/posts/${id}/like`).set(guest.auth).send({}).expect(200);
    for (const id of [memberPosts[1], memberPosts[3]]) await t.http.post(`/api/posts/${id}/comments`).set(guest.auth).send({ text: `guest on ${id}` }).expect(201);
    await t.http.post(`/api/posts/${memberPosts[3]}/comments`).set(ada.auth).send({ text: 'ada after the guest' }).expect(201);
  });
  afterAll(() => t.close());

  it('answers every page of the feed, at every page size, as the database does for the guest', async () => {
    await expectSameAsDatabase(guest);
    // The guest's own rows show; a member sees none of them.
    const [firstPage] = await pagesFromApi(guest, 20);
    expect(firstPage!.posts.filter((post) => post.userId === guest.id)).toHaveLength(4);
    expect(firstPage!.posts.some((post) => post.likes[guest.id])).toBe(true);
    const [membersPage] = await pagesFromApi(ada, 20);
    expect(membersPage!.posts.some((post) => post.userId === guest.id || post.likes[guest.id])).toBe(false);
  });

  it("answers a member's posts and the guest's own as the database does", async () => {
    await expectSameAsDatabase(guest, ada.id);
    await expectSameAsDatabase(guest, guest.id);
  });

  it("shows the guest's own writes at once, and members' changes to the posts the guest touched", async () => {
    await expectSameAsDatabase(guest); // the pages are kept now
    const [firstPage] = await pagesFromApi(guest, 20);
    const adaPost = firstPage!.posts.find((post) => post.userId === ada.id && !post.likes[guest.id])!;
    await t.http.patch(`/api/posts/${adaPost._id}/like`).set(guest.auth).send({}).expect(200);
    const liked = (await pagesFromApi(guest, 20))[0]!.posts.find((post) => post._id === adaPost._id)!;
    expect(liked.likes[guest.id]).toBe(true);
    await t.http.post(`/api/posts/${adaPost._id}/comments`).set(bob.auth).send({ text: 'bob too' }).expect(201);
    expect((await pagesFromApi(guest, 20))[0]!.posts.find((post) => post._id === adaPost._id)!.comments).toContain('bob too');
    await postAs(guest, 'guest, later');
    await t.http.patch(`/api/posts/${adaPost._id}`).set(ada.auth).send({ description: 'ada, edited' }).expect(200);
    await expectSameAsDatabase(guest);
  });

  it('serves a guest’s repeated reads from memory, as a member’s are, without asking the database', async () => {
    const page = () => t.http.get('/api/posts').query({ limit: 10 }).set(guest.auth).expect(200);
    await page();
    await page();
    const reads = [jest.spyOn(repository, 'page'), jest.spyOn(repository, 'sandboxOverlay')];
    try {
      for (let i = 0; i < 20; i += 1) await page();
      expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0]);
    } finally {
      reads.forEach((read) => read.mockRestore());
    }
  });

  it('keeps one guest’s rows out of another guest’s pages', async () => {
    const other = await signInAsGuest();
    await postAs(other, 'the other guest');
    await expectSameAsDatabase(other);
    expect((await pagesFromApi(guest, 50))[0]!.posts.some((post) => post.userId === other.id)).toBe(false);
  });
});
