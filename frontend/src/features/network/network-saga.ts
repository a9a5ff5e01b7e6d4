import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { FriendSummary, Member, Post } from '@atelier/contracts';
import { all, call, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { ApiError } from '../../store/api-client';
import { retryAfterOf, withToken } from '../../store/api-saga';
import { selectPosts, selectUser } from '../../store/session-selectors';
import { removePost, setFriends, setPost, setPosts } from '../../store/session-slice';
import type { SessionUser } from '../../store/session-types';
import { socialApi, type CommentsPage, type FeedPage } from '../../store/social-api';
import { selectComments, selectFeed, selectMemberView } from './network-selectors';
import {
  commentRequested,
  commentsFailed,
  commentsLoaded,
  commentsRequested,
  deleteRequested,
  editRequested,
  feedFailed,
  feedLoaded,
  feedRequested,
  friendToggled,
  friendToggleDone,
  friendToggleFailed,
  likeToggled,
  memberFailed,
  memberFriendsLoaded,
  memberLoaded,
  memberRequested,
  moreCommentsFailed,
  moreCommentsLoaded,
  moreCommentsRequested,
  moreFailed,
  moreLoaded,
  moreRequested,
  postActionDone,
  postActionFailed,
  postCreated,
  postFailed,
  postRequested,
  sameSource,
  type CommentsState,
  type FeedSource,
  type NetworkErrorCode,
  type NetworkState,
  type PostAction,
  type PostActionRequest,
} from './network-slice';

const codeOf = (error: unknown): NetworkErrorCode => (error instanceof ApiError ? error.code : 'INTERNAL');

const pageOf = (source: FeedSource, cursor?: string) => (token: string) =>
  source.memberId === null ? socialApi.feed(token, cursor) : socialApi.memberPosts(token, source.memberId, cursor);

function* loadMember({ payload: memberId }: PayloadAction<string>): SagaIterator {
  try {
    // The member answer counts this visit (viewedProfile); the friend list is its own call.
    const [member, friends]: [Member, FriendSummary[]] = yield all([
      call(withToken, (token: string) => socialApi.member(token, memberId)),
      call(withToken, (token: string) => socialApi.friends(token, memberId)),
    ]);
    const me: SessionUser | null = yield select(selectUser);
    if (me?._id === memberId) yield put(setFriends(friends));
    yield put(memberLoaded({ member, friends }));
  } catch (error) {
    yield put(memberFailed({ memberId, error: codeOf(error) }));
  }
}

function* loadFeed({ payload: source }: PayloadAction<FeedSource>): SagaIterator {
  try {
    const page: FeedPage = yield call(withToken, pageOf(source));
    yield put(setPosts(page.posts));
    yield put(feedLoaded({ nextCursor: page.nextCursor }));
  } catch (error) {
    yield put(feedFailed(codeOf(error)));
  }
}

function* loadMore(): SagaIterator {
  const { source, nextCursor }: NetworkState['feed'] = yield select(selectFeed);
  if (!source || !nextCursor) return;
  // A feed reloaded meanwhile (another page, a new post) starts its paging over: this page is stale.
  const stillCurrent = (feed: NetworkState['feed']) => sameSource(feed.source, source) && feed.nextCursor === nextCursor;
  try {
    const page: FeedPage = yield call(withToken, pageOf(source, nextCursor));
    if (!stillCurrent(yield select(selectFeed))) return;
    const firstPage: Post[] = yield select(selectPosts);
    yield put(moreLoaded({ posts: page.posts, listed: firstPage.map((post) => post._id), nextCursor: page.nextCursor }));
  } catch (error) {
    if (stillCurrent(yield select(selectFeed))) yield put(moreFailed(codeOf(error)));
  }
}

function* createPost({ payload }: ReturnType<typeof postRequested>): SagaIterator {
  try {
    const page: FeedPage = yield call(withToken, (token: string) =>
      socialApi.createPost(token, payload.description, payload.picture),
    );
    const { source }: NetworkState['feed'] = yield select(selectFeed);
    // The answer is the whole feed's first page: it replaces the feed (spec), but not a profile's posts.
    const replacesFeed = source === null || source.memberId === null;
    if (replacesFeed) yield put(setPosts(page.posts));
    yield put(postCreated({ nextCursor: page.nextCursor, replacesFeed }));
    const me: SessionUser | null = yield select(selectUser);
    if (!replacesFeed && source.memberId === me?._id) yield put(feedRequested(source));
  } catch (error) {
    yield put(postFailed(codeOf(error), retryAfterOf(error)));
  }
}

/** One call about one post, then the state change its answer brings; answers whether it worked. */
function* runPostAction<T>(
  postId: string,
  action: PostAction,
  request: (token: string) => Promise<T>,
  applied: (answer: T) => UnknownAction,
): SagaIterator<boolean> {
  try {
    const answer: T = yield call(withToken, request);
    yield put(applied(answer));
    yield put(postActionDone({ postId, action }));
    return true;
  } catch (error) {
    yield put(postActionFailed({ postId, action, error: codeOf(error) }));
    return false;
  }
}

function* toggleLike({ payload: { postId } }: PayloadAction<PostActionRequest>): SagaIterator {
  yield call(runPostAction<Post>, postId, 'like', (token) => socialApi.toggleLike(token, postId), setPost);
}

function* addComment({ payload: { postId, text } }: ReturnType<typeof commentRequested>): SagaIterator {
  const added: boolean = yield call(
    runPostAction<Post>,
    postId,
    'comment',
    (token) => socialApi.addComment(token, postId, text),
    setPost,
  );
  // The list with authors, if it was opened, now lacks the new comment.
  if (added && (yield select(selectComments(postId)))) yield put(commentsRequested({ postId }));
}

function* editPost({ payload: { postId, description } }: ReturnType<typeof editRequested>): SagaIterator {
  yield call(runPostAction<Post>, postId, 'edit', (token) => socialApi.editPost(token, postId, description), setPost);
}

function* deletePost({ payload: { postId } }: PayloadAction<PostActionRequest>): SagaIterator {
  yield call(runPostAction<void>, postId, 'delete', (token) => socialApi.deletePost(token, postId), () => removePost(postId));
}

const reloadOfComments = (postId: string) => (action: Action) =>
  commentsRequested.match(action) && action.payload.postId === postId;

/**
 * One page of a post's comments, or undefined when the first page is asked for again meanwhile
 * (after a new comment): that request starts the paging over, and this answer would be stale.
 */
function* commentsPage(postId: string, cursor?: string): SagaIterator<CommentsPage | undefined> {
  const { page }: { page?: CommentsPage } = yield race({
    page: call(withToken, (token: string) => socialApi.comments(token, postId, cursor)),
    reloaded: take(reloadOfComments(postId)),
  });
  return page;
}

function* loadComments({ payload: { postId } }: PayloadAction<PostActionRequest>): SagaIterator {
  try {
    const page: CommentsPage | undefined = yield call(commentsPage, postId);
    if (page) yield put(commentsLoaded({ postId, ...page }));
  } catch (error) {
    yield put(commentsFailed({ postId, error: codeOf(error) }));
  }
}

function* loadMoreComments({ payload: { postId } }: PayloadAction<PostActionRequest>): SagaIterator {
  const comments: CommentsState | undefined = yield select(selectComments(postId));
  // The reducer marks a further page as loading only when there is one to ask for.
  if (comments?.more.status !== 'loading' || comments.nextCursor === null) return;
  try {
    const page: CommentsPage | undefined = yield call(commentsPage, postId, comments.nextCursor);
    if (page) yield put(moreCommentsLoaded({ postId, ...page }));
  } catch (error) {
    yield put(moreCommentsFailed({ postId, error: codeOf(error) }));
  }
}

function* toggleFriend({ payload: { friendId } }: PayloadAction<{ friendId: string }>): SagaIterator {
  const me: SessionUser | null = yield select(selectUser);
  try {
    if (!me) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to do this');
    const friends: FriendSummary[] = yield call(withToken, (token: string) => socialApi.toggleFriend(token, me._id, friendId));
    yield put(setFriends(friends));
    yield put(friendToggleDone({ friendId }));
  } catch (error) {
    yield put(friendToggleFailed({ friendId, error: codeOf(error) }));
    return;
  }
  // The profile on screen may be the member who just gained or lost a friend (you).
  const viewed: NetworkState['member'] = yield select(selectMemberView);
  if (viewed.id !== friendId) return;
  try {
    const theirs: FriendSummary[] = yield call(withToken, (token: string) => socialApi.friends(token, friendId));
    yield put(memberFriendsLoaded({ memberId: friendId, friends: theirs }));
  } catch {
    // The toggle itself worked; their list shows the change on the next visit.
  }
}

export function* networkSaga(): SagaIterator {
  yield takeLatest(memberRequested.type, loadMember);
  yield takeLatest(feedRequested.type, loadFeed);
  // The sentinel may report itself several times while a page is on its way.
  yield takeLeading(moreRequested.type, loadMore);
  yield takeLeading(postRequested.type, createPost);
  yield takeEvery(likeToggled.type, toggleLike);
  yield takeEvery(commentRequested.type, addComment);
  yield takeEvery(editRequested.type, editPost);
  yield takeEvery(deleteRequested.type, deletePost);
  // Posts load their comments independently; a reload of one post's list outdates its own pages only.
  yield takeEvery(commentsRequested.type, loadComments);
  yield takeEvery(moreCommentsRequested.type, loadMoreComments);
  yield takeEvery(friendToggled.type, toggleFriend);
}
