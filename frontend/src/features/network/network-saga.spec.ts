import { FEED_PAGE, friendSummaryOf, type PostComment } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { createAppStore } from '../../app/app-store';
import { setLogin, setPosts } from '../../store/session-slice';
import { socialApi, type CommentsPage, type FeedPage } from '../../store/social-api';
import { alan, makePost, me } from './network-test-data';
import {
  commentRequested,
  commentsRequested,
  deleteRequested,
  editRequested,
  feedRequested,
  friendToggled,
  likeToggled,
  memberRequested,
  moreCommentsRequested,
  moreRequested,
  postRequested,
} from './network-slice';
import { selectFeedPosts } from './network-selectors';

// The sagas run in a real store (the app's own, root saga included); only the HTTP calls are stubbed.

function signedInStore() {
  const { store } = createAppStore();
  store.dispatch(setLogin({ user: me, token: 'jwt' }));
  return store;
}

const page = (ids: string[], nextCursor?: string): FeedPage => ({
  posts: ids.map((id) => makePost(id, `post ${id}`)),
  nextCursor,
});

/** The feed as listed: the first page (persisted session), then the later pages (network slice). */
const ids = (store: ReturnType<typeof signedInStore>) => selectFeedPosts(store.getState()).map((post) => post._id);

const comment = (id: string): PostComment => ({
  _id: id,
  postId: 'p1',
  text: `comment ${id}`,
  createdAt: '2026-01-02T03:04:05.000Z',
  author: friendSummaryOf(alan),
});

const commentIds = (store: ReturnType<typeof signedInStore>, postId: string) =>
  store.getState().network.comments[postId]?.list.map((entry) => entry._id);

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

afterEach(() => vi.restoreAllMocks());

describe('network saga', () => {
  it("loads a member and their friends; for you, the session's friends follow the fresh list", async () => {
    const store = signedInStore();
    const friends = [friendSummaryOf(alan)];
    const member = vi.spyOn(socialApi, 'member').mockResolvedValue({ ...me, viewedProfile: 40, friends });
    vi.spyOn(socialApi, 'friends').mockResolvedValue(friends);

    store.dispatch(memberRequested(me._id));
    await vi.waitFor(() => expect(store.getState().network.member.status).toBe('loaded'));
    expect(member).toHaveBeenCalledWith('jwt', me._id);
    expect(store.getState().network.member.data?.viewedProfile).toBe(40);
    expect(store.getState().session.user?.friends).toEqual(friends);
  });

  it("keeps a failed member load's code and leaves your session alone", async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'member').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'No such member'));
    vi.spyOn(socialApi, 'friends').mockResolvedValue([]);

    store.dispatch(memberRequested('00000000-0000-4000-8000-000000000000'));
    await vi.waitFor(() => expect(store.getState().network.member.status).toBe('failed'));
    expect(store.getState().network.member.error).toBe('NOT_FOUND');
    expect(store.getState().session.token).toBe('jwt');
  });

  it('loads the feed, then appends further pages without repeating posts, until no cursor is left', async () => {
    const store = signedInStore();
    const feed = vi
      .spyOn(socialApi, 'feed')
      .mockResolvedValueOnce(page(['p1', 'p2'], 'c1'))
      .mockResolvedValueOnce(page(['p2', 'p3']));

    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(store.getState().network.feed.status).toBe('loaded'));
    expect(ids(store)).toEqual(['p1', 'p2']);
    expect(store.getState().network.feed.nextCursor).toBe('c1');

    store.dispatch(moreRequested());
    await vi.waitFor(() => expect(store.getState().network.feed.more.status).toBe('loaded'));
    expect(feed).toHaveBeenLastCalledWith('jwt', 'c1');
    expect(ids(store)).toEqual(['p1', 'p2', 'p3']);
    expect(store.getState().session.posts.map((post) => post._id)).toEqual(['p1', 'p2']);
    expect(store.getState().network.feed.nextCursor).toBeNull();
  });

  it('keeps the persisted session under 100 KB after scrolling 50 pages: later pages stay out of localStorage', async () => {
    localStorage.clear();
    const { store, persistor } = createAppStore();
    store.dispatch(setLogin({ user: me, token: 'jwt' }));
    // Full pages of posts as members write them: a long text, a picture, likes and the newest comments.
    const fullPage = (pageNumber: number): FeedPage => ({
      posts: Array.from({ length: FEED_PAGE.defaultLimit }, (_, index) => {
        const id = `p${pageNumber}-${index}`;
        return makePost(id, `${'A thoughtful post about training runs and GPUs. '.repeat(6)}${id}`, alan, {
          picturePath: `${id}.webp`,
          likes: Object.fromEntries(Array.from({ length: 12 }, (_, like) => [`member-${like}`, true])),
          comments: ['Great write-up, thanks for sharing the numbers!', 'Which driver version did you use?'],
          commentCount: 9,
        });
      }),
      nextCursor: `after-${pageNumber}`,
    });
    let asked = 0;
    vi.spyOn(socialApi, 'feed').mockImplementation(async () => fullPage(asked++));

    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(store.getState().network.feed.status).toBe('loaded'));
    for (let more = 1; more <= 50; more += 1) {
      store.dispatch(moreRequested());
      await vi.waitFor(() => expect(store.getState().network.feed.more.status).toBe('loaded'));
    }
    await persistor.flush();

    expect(selectFeedPosts(store.getState())).toHaveLength(51 * FEED_PAGE.defaultLimit);
    const persisted = localStorage.getItem('persist:root') ?? '';
    expect(JSON.parse(JSON.parse(persisted).posts as string)).toHaveLength(FEED_PAGE.defaultLimit);
    expect(new TextEncoder().encode(persisted).length).toBeLessThan(100 * 1024);
  });

  it("a profile's feed pages through that member's posts", async () => {
    const store = signedInStore();
    const memberPosts = vi.spyOn(socialApi, 'memberPosts').mockResolvedValue(page(['a1'], 'next'));
    store.dispatch(feedRequested({ memberId: alan._id }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['a1']));
    store.dispatch(moreRequested());
    await vi.waitFor(() => expect(memberPosts).toHaveBeenLastCalledWith('jwt', alan._id, 'next'));
  });

  it('drops a further page that arrives after the feed was reloaded', async () => {
    const store = signedInStore();
    const slowPage = deferred<FeedPage>();
    vi.spyOn(socialApi, 'feed')
      .mockResolvedValueOnce(page(['p1'], 'c1'))
      .mockReturnValueOnce(slowPage.promise)
      .mockResolvedValueOnce(page(['n1', 'p1'], 'c2'));

    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(store.getState().network.feed.status).toBe('loaded'));
    store.dispatch(moreRequested());
    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['n1', 'p1']));

    slowPage.resolve(page(['old']));
    await new Promise((settle) => setTimeout(settle, 0));
    expect(ids(store)).toEqual(['n1', 'p1']);
    expect(store.getState().network.feed.nextCursor).toBe('c2');
  });

  it('a failed load keeps its code; a 401 signs the member out', async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'feed').mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'unreachable'));
    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(store.getState().network.feed).toMatchObject({ status: 'failed', error: 'NETWORK' }));
    expect(store.getState().session.token).toBe('jwt');

    vi.spyOn(socialApi, 'feed').mockRejectedValueOnce(new ApiError(401, 'UNAUTHORIZED', 'expired'));
    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(store.getState().session).toMatchObject({ user: null, token: null }));
  });

  it('publishing replaces the feed with the answered first page and counts the post', async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'feed').mockResolvedValue(page(['p1']));
    store.dispatch(feedRequested({ memberId: null }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['p1']));

    const picture = new File(['png'], 'cat.png', { type: 'image/png' });
    const create = vi.spyOn(socialApi, 'createPost').mockResolvedValue(page(['mine', 'p1'], 'c9'));
    store.dispatch(postRequested({ description: 'Hello', picture }));
    await vi.waitFor(() => expect(store.getState().network.composer.posted).toBe(1));
    expect(create).toHaveBeenCalledWith('jwt', 'Hello', picture);
    expect(ids(store)).toEqual(['mine', 'p1']);
    expect(store.getState().network.feed.nextCursor).toBe('c9');
  });

  it("publishing on your own profile reloads your posts instead of showing everyone's", async () => {
    const store = signedInStore();
    const memberPosts = vi
      .spyOn(socialApi, 'memberPosts')
      .mockResolvedValueOnce(page(['m1']))
      .mockResolvedValueOnce(page(['m2', 'm1']));
    store.dispatch(feedRequested({ memberId: me._id }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['m1']));

    vi.spyOn(socialApi, 'createPost').mockResolvedValue(page(['m2', 'someone-else']));
    store.dispatch(postRequested({ description: 'Mine', picture: null }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['m2', 'm1']));
    expect(memberPosts).toHaveBeenCalledTimes(2);
  });

  it('a refused picture leaves the code for the composer to explain', async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'createPost').mockRejectedValue(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Not an image'));
    store.dispatch(postRequested({ description: 'x', picture: null }));
    await vi.waitFor(() => expect(store.getState().network.composer.error).toBe('UNSUPPORTED_MEDIA_TYPE'));
    expect(store.getState().network.composer.posting).toBe(false);
  });

  it('a like, a comment and an edit replace the post in place', async () => {
    const store = signedInStore();
    store.dispatch(setPosts([makePost('p1', 'one'), makePost('p2', 'two'), makePost('p3', 'three')]));
    vi.spyOn(socialApi, 'toggleLike').mockResolvedValue(makePost('p2', 'two', alan, { likes: { [me._id]: true } }));
    vi.spyOn(socialApi, 'addComment').mockResolvedValue(makePost('p2', 'two', alan, { likes: { [me._id]: true }, comments: ['Nice'] }));
    vi.spyOn(socialApi, 'editPost').mockResolvedValue(makePost('p3', 'three, edited'));

    store.dispatch(likeToggled({ postId: 'p2' }));
    await vi.waitFor(() => expect(store.getState().network.posts.p2.like?.done).toBe(1));
    store.dispatch(commentRequested({ postId: 'p2', text: 'Nice' }));
    store.dispatch(editRequested({ postId: 'p3', description: 'three, edited' }));
    await vi.waitFor(() => expect(store.getState().network.posts.p3.edit?.done).toBe(1));
    await vi.waitFor(() => expect(store.getState().network.posts.p2.comment?.done).toBe(1));

    const posts = store.getState().session.posts;
    expect(posts.map((post) => post._id)).toEqual(['p1', 'p2', 'p3']);
    expect(posts[1]).toMatchObject({ likes: { [me._id]: true }, comments: ['Nice'] });
    expect(posts[2].description).toBe('three, edited');
  });

  it('a new comment reloads the list with authors when it was open', async () => {
    const store = signedInStore();
    store.dispatch(setPosts([makePost('p1', 'one')]));
    const comments = vi.spyOn(socialApi, 'comments').mockResolvedValue({ comments: [] });
    vi.spyOn(socialApi, 'addComment').mockResolvedValue(makePost('p1', 'one', alan, { comments: ['Hi'] }));

    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.status).toBe('loaded'));
    store.dispatch(commentRequested({ postId: 'p1', text: 'Hi' }));
    await vi.waitFor(() => expect(comments).toHaveBeenCalledTimes(2));
  });

  it("pages through a post's comments: each further page is asked with the cursor and appended without repeats", async () => {
    const store = signedInStore();
    const comments = vi
      .spyOn(socialApi, 'comments')
      .mockResolvedValueOnce({ comments: [comment('c1'), comment('c2')], nextCursor: 'k1' })
      .mockResolvedValueOnce({ comments: [comment('c2'), comment('c3')], nextCursor: 'k2' })
      .mockResolvedValueOnce({ comments: [comment('c4')] });

    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.status).toBe('loaded'));
    expect(comments).toHaveBeenLastCalledWith('jwt', 'p1', undefined);
    expect(store.getState().network.comments.p1?.nextCursor).toBe('k1');

    store.dispatch(moreCommentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.nextCursor).toBe('k2'));
    expect(comments).toHaveBeenLastCalledWith('jwt', 'p1', 'k1');
    store.dispatch(moreCommentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.nextCursor).toBeNull());
    expect(comments).toHaveBeenLastCalledWith('jwt', 'p1', 'k2');
    expect(commentIds(store, 'p1')).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(store.getState().network.comments.p1?.more).toEqual({ status: 'loaded', error: null });

    // The last page is loaded: there is nothing further to ask for.
    store.dispatch(moreCommentsRequested({ postId: 'p1' }));
    await new Promise((settle) => setTimeout(settle, 0));
    expect(comments).toHaveBeenCalledTimes(3);
  });

  it('drops a further page of comments that arrives after the list was reloaded', async () => {
    const store = signedInStore();
    const slowPage = deferred<CommentsPage>();
    vi.spyOn(socialApi, 'comments')
      .mockResolvedValueOnce({ comments: [comment('c1')], nextCursor: 'k1' })
      .mockReturnValueOnce(slowPage.promise)
      .mockResolvedValueOnce({ comments: [comment('c1'), comment('c2')], nextCursor: 'k9' });

    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.status).toBe('loaded'));
    store.dispatch(moreCommentsRequested({ postId: 'p1' }));
    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.nextCursor).toBe('k9'));

    slowPage.resolve({ comments: [comment('stale')] });
    await new Promise((settle) => setTimeout(settle, 0));
    expect(commentIds(store, 'p1')).toEqual(['c1', 'c2']);
    expect(store.getState().network.comments.p1?.more.status).toBe('idle');
  });

  it("a reload outdates the first page still on its way: the newer answer stays, whichever comes last", async () => {
    const store = signedInStore();
    const olderPage = deferred<CommentsPage>();
    vi.spyOn(socialApi, 'comments')
      .mockReturnValueOnce(olderPage.promise)
      .mockResolvedValueOnce({ comments: [comment('c1'), comment('c2')] });

    store.dispatch(commentsRequested({ postId: 'p1' }));
    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.status).toBe('loaded'));
    olderPage.resolve({ comments: [comment('c1')], nextCursor: 'old' });
    await new Promise((settle) => setTimeout(settle, 0));
    expect(commentIds(store, 'p1')).toEqual(['c1', 'c2']);
    expect(store.getState().network.comments.p1?.nextCursor).toBeNull();
  });

  it('a failed further page keeps the comments loaded so far and the code', async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'comments')
      .mockResolvedValueOnce({ comments: [comment('c1')], nextCursor: 'k1' })
      .mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy'));
    store.dispatch(commentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.status).toBe('loaded'));
    store.dispatch(moreCommentsRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.comments.p1?.more).toEqual({ status: 'failed', error: 'SERVICE_UNAVAILABLE' }));
    expect(commentIds(store, 'p1')).toEqual(['c1']);
    expect(store.getState().network.comments.p1?.nextCursor).toBe('k1');
  });

  it('a failed like keeps the post as it was and the code on the post', async () => {
    const store = signedInStore();
    store.dispatch(setPosts([makePost('p1', 'one')]));
    vi.spyOn(socialApi, 'toggleLike').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'gone'));
    store.dispatch(likeToggled({ postId: 'p1' }));
    await vi.waitFor(() => expect(store.getState().network.posts.p1.like?.error).toBe('NOT_FOUND'));
    expect(store.getState().session.posts[0].likes).toEqual({});
  });

  it('deleting removes the post from the list', async () => {
    const store = signedInStore();
    store.dispatch(setPosts([makePost('p1', 'one', me), makePost('p2', 'two')]));
    const remove = vi.spyOn(socialApi, 'deletePost').mockResolvedValue();
    store.dispatch(deleteRequested({ postId: 'p1' }));
    await vi.waitFor(() => expect(ids(store)).toEqual(['p2']));
    expect(remove).toHaveBeenCalledWith('jwt', 'p1');
  });

  it("a friend toggle sets your friends; on that member's profile their list is fetched again", async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'member').mockResolvedValue(alan);
    const friends = vi
      .spyOn(socialApi, 'friends')
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([friendSummaryOf(me)]);
    store.dispatch(memberRequested(alan._id));
    await vi.waitFor(() => expect(store.getState().network.member.status).toBe('loaded'));

    const toggle = vi.spyOn(socialApi, 'toggleFriend').mockResolvedValue([friendSummaryOf(alan)]);
    store.dispatch(friendToggled({ friendId: alan._id }));
    await vi.waitFor(() => expect(store.getState().network.member.friends).toEqual([friendSummaryOf(me)]));
    expect(toggle).toHaveBeenCalledWith('jwt', me._id, alan._id);
    expect(friends).toHaveBeenCalledTimes(2);
    expect(store.getState().session.user?.friends).toEqual([friendSummaryOf(alan)]);
    expect(store.getState().network.friendToggle).toEqual({ pending: [], error: null });
  });

  it('a failed friend toggle keeps your friends and the code', async () => {
    const store = signedInStore();
    vi.spyOn(socialApi, 'toggleFriend').mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'slow down'));
    store.dispatch(friendToggled({ friendId: alan._id }));
    await vi.waitFor(() => expect(store.getState().network.friendToggle).toEqual({ pending: [], error: 'RATE_LIMITED' }));
    expect(store.getState().session.user?.friends).toEqual([]);
  });
});
