import { describe, expect, it } from 'vitest';
import { removePost, setLogout, setPost } from '../../store/session-slice';
import { alan, makePost, me } from './network-test-data';
import {
  commentsLoaded,
  commentsRequested,
  feedFailed,
  feedLoaded,
  feedRequested,
  friendToggled,
  friendToggleFailed,
  initialNetworkState,
  likeToggled,
  memberFailed,
  memberLoaded,
  memberRequested,
  moreCommentsFailed,
  moreCommentsRequested,
  moreFailed,
  moreLoaded,
  moreRequested,
  networkReducer,
  postActionDone,
  postActionFailed,
  postCreated,
  postFailed,
  postRequested,
  type NetworkState,
} from './network-slice';

const reduce = (...actions: Parameters<typeof networkReducer>[1][]): NetworkState =>
  actions.reduce(networkReducer, initialNetworkState);

describe('network slice', () => {
  it('a member request keeps the card of the same member while the fresh copy loads, not of another', () => {
    const loaded = reduce(memberRequested('u1'), memberLoaded({ member: me, friends: [] }));
    expect(loaded.member).toMatchObject({ id: 'u1', status: 'loaded', data: me });

    expect(networkReducer(loaded, memberRequested('u1')).member).toMatchObject({ status: 'loading', data: me });
    expect(networkReducer(loaded, memberRequested('u2')).member).toMatchObject({ id: 'u2', status: 'loading', data: null });
  });

  it('an answer about a member no longer on screen is dropped', () => {
    const state = reduce(memberRequested('u1'), memberRequested('u2'), memberLoaded({ member: me, friends: [] }));
    expect(state.member).toMatchObject({ id: 'u2', data: null, status: 'loading' });
    const failed = networkReducer(state, memberFailed({ memberId: 'u1', error: 'NETWORK' }));
    expect(failed.member.status).toBe('loading');
    expect(networkReducer(state, memberFailed({ memberId: 'u2', error: 'NOT_FOUND' })).member).toMatchObject({
      status: 'failed',
      error: 'NOT_FOUND',
    });
  });

  it('a feed request starts its paging over; loaded pages keep the next cursor', () => {
    const first = reduce(feedRequested({ memberId: null }), feedLoaded({ nextCursor: 'c1' }), moreRequested(), moreFailed('NETWORK'));
    expect(first.feed).toMatchObject({ status: 'loaded', nextCursor: 'c1', more: { status: 'failed', error: 'NETWORK' } });

    const profile = networkReducer(first, feedRequested({ memberId: 'u2' }));
    expect(profile.feed).toEqual({
      source: { memberId: 'u2' },
      status: 'loading',
      error: null,
      nextCursor: null,
      more: { status: 'idle', error: null },
      later: [],
    });
    expect(networkReducer(profile, feedFailed('RATE_LIMITED')).feed).toMatchObject({ status: 'failed', error: 'RATE_LIMITED' });
  });

  it('keeps later pages here, after the first: new posts at the end, each post once, changes and deletions applied', () => {
    const paged = reduce(
      feedRequested({ memberId: null }),
      feedLoaded({ nextCursor: 'c1' }),
      moreRequested(),
      moreLoaded({ posts: [makePost('p2', 'overlaps the first page'), makePost('p3', 'c')], listed: ['p1', 'p2'], nextCursor: 'c2' }),
      moreLoaded({ posts: [makePost('p3', 'c again'), makePost('p4', 'd')], listed: ['p1', 'p2'] }),
    );
    expect(paged.feed.later.map((post) => [post._id, post.description])).toEqual([
      ['p3', 'c'],
      ['p4', 'd'],
    ]);
    expect(paged.feed).toMatchObject({ nextCursor: null, more: { status: 'loaded' } });

    const edited = networkReducer(paged, setPost(makePost('p4', 'd, edited')));
    expect(edited.feed.later[1].description).toBe('d, edited');
    expect(networkReducer(edited, removePost('p3')).feed.later.map((post) => post._id)).toEqual(['p4']);
    expect(networkReducer(paged, feedRequested({ memberId: null })).feed.later).toEqual([]);
    expect(networkReducer(paged, postCreated({ nextCursor: 'new', replacesFeed: true })).feed.later).toEqual([]);
  });

  it('a published post counts up (the composer starts over) and, from the feed, takes over its paging', () => {
    const posting = reduce(feedRequested({ memberId: null }), feedLoaded({ nextCursor: 'old' }), postRequested({ description: 'hi', picture: null }));
    expect(posting.composer).toEqual({ posting: true, error: null, retryAfterSeconds: null, posted: 0 });

    const posted = networkReducer(posting, postCreated({ nextCursor: 'new', replacesFeed: true }));
    expect(posted.composer).toEqual({ posting: false, error: null, retryAfterSeconds: null, posted: 1 });
    expect(posted.feed.nextCursor).toBe('new');

    const onProfile = networkReducer(posting, postCreated({ replacesFeed: false }));
    expect(onProfile.feed.nextCursor).toBe('old');
  });

  it('a refused post keeps its error code until the next attempt', () => {
    const failed = reduce(postRequested({ description: 'x', picture: null }), postFailed('UNSUPPORTED_MEDIA_TYPE'));
    expect(failed.composer).toEqual({ posting: false, error: 'UNSUPPORTED_MEDIA_TYPE', retryAfterSeconds: null, posted: 0 });
    expect(networkReducer(failed, postRequested({ description: 'x', picture: null })).composer.error).toBeNull();
  });

  it('each post action is pending, then done (counted) or failed with its code, per post', () => {
    const state = reduce(
      likeToggled({ postId: 'p1' }),
      likeToggled({ postId: 'p2' }),
      postActionDone({ postId: 'p1', action: 'like' }),
      postActionFailed({ postId: 'p2', action: 'like', error: 'NOT_FOUND' }),
    );
    expect(state.posts.p1.like).toEqual({ pending: false, error: null, done: 1 });
    expect(state.posts.p2.like).toEqual({ pending: false, error: 'NOT_FOUND', done: 0 });
    expect(networkReducer(state, likeToggled({ postId: 'p2' })).posts.p2.like).toEqual({ pending: true, error: null, done: 0 });
  });

  it('a further page of comments is asked for only when there is one, and not while the list reloads', () => {
    const lastPage = reduce(commentsRequested({ postId: 'p1' }), commentsLoaded({ postId: 'p1', comments: [] }));
    expect(networkReducer(lastPage, moreCommentsRequested({ postId: 'p1' })).comments.p1.more.status).toBe('idle');
    expect(networkReducer(lastPage, moreCommentsRequested({ postId: 'p2' })).comments.p2).toBeUndefined();

    const paged = reduce(commentsRequested({ postId: 'p1' }), commentsLoaded({ postId: 'p1', comments: [], nextCursor: 'k1' }));
    expect(networkReducer(paged, moreCommentsRequested({ postId: 'p1' })).comments.p1.more.status).toBe('loading');
    const failed = networkReducer(paged, moreCommentsFailed({ postId: 'p1', error: 'NETWORK' }));
    const reloading = networkReducer(failed, commentsRequested({ postId: 'p1' }));
    expect(reloading.comments.p1).toMatchObject({ status: 'loading', nextCursor: 'k1', more: { status: 'idle', error: null } });
    expect(networkReducer(reloading, moreCommentsRequested({ postId: 'p1' })).comments.p1.more.status).toBe('idle');
  });

  it('friend toggles are pending per member; a failure keeps its code', () => {
    const state = reduce(friendToggled({ friendId: 'u2' }), friendToggled({ friendId: 'u3' }));
    expect(state.friendToggle.pending).toEqual(['u2', 'u3']);
    const failed = networkReducer(state, friendToggleFailed({ friendId: 'u2', error: 'NETWORK' }));
    expect(failed.friendToggle).toEqual({ pending: ['u3'], error: 'NETWORK' });
  });

  it('signing out forgets everything the member saw', () => {
    const state = reduce(memberRequested('u2'), memberLoaded({ member: alan, friends: [] }), likeToggled({ postId: 'p1' }));
    expect(networkReducer(state, setLogout())).toEqual(initialNetworkState);
  });
});
