import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FriendSummary, Member, Post, PostComment } from '@atelier/contracts';
import type { ApiError } from '../../store/api-client';
import type { CommentsPage } from '../../store/social-api';
import { removePost, setLogout, setPost } from '../../store/session-slice';

/** What a failed call left behind: the API's error code (`NETWORK` when no answer came). */
export type NetworkErrorCode = ApiError['code'];

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Which posts the feed lists: everyone's (`memberId` null, /matrix) or one member's (a profile). */
export interface FeedSource {
  memberId: string | null;
}

/** The things a member does to one post; each has its own pending/failed state. */
export type PostAction = 'like' | 'comment' | 'edit' | 'delete';

export interface PostActionState {
  pending: boolean;
  error: NetworkErrorCode | null;
  /** Counts successes: forms key on it to start empty again after a comment or an edit is saved. */
  done: number;
}

/** A post's comments with their authors, as far as they are loaded: pages from the oldest on. */
export interface CommentsState {
  /** The first page's load (again after a comment is added: the list then lacks it). */
  status: LoadStatus;
  list: PostComment[];
  error: NetworkErrorCode | null;
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  more: { status: LoadStatus; error: NetworkErrorCode | null };
}

/** Whether a further page of comments can be asked for (not while the first page is loading again). */
export const canLoadMoreComments = (comments: CommentsState | undefined): comments is CommentsState =>
  comments?.status === 'loaded' && comments.nextCursor !== null && comments.more.status !== 'loading';

export interface NetworkState {
  /** The member a user card shows (the signed-in member on /matrix), fetched fresh on every visit. */
  member: {
    id: string | null;
    data: Member | null;
    friends: FriendSummary[];
    status: LoadStatus;
    error: NetworkErrorCode | null;
  };
  /**
   * The first page lives in the persisted session (spec: setPosts/setPost); the pages after it live
   * here, so the session stays small however far a member scrolls.
   */
  feed: {
    source: FeedSource | null;
    status: LoadStatus;
    error: NetworkErrorCode | null;
    nextCursor: string | null;
    more: { status: LoadStatus; error: NetworkErrorCode | null };
    /** The posts of the pages after the first, in order. */
    later: Post[];
  };
  /** retryAfterSeconds: after a RATE_LIMITED post, how long the server asked to wait, when it said. */
  composer: { posting: boolean; error: NetworkErrorCode | null; retryAfterSeconds: number | null; posted: number };
  posts: Record<string, Partial<Record<PostAction, PostActionState>>>;
  comments: Record<string, CommentsState>;
  friendToggle: { pending: string[]; error: NetworkErrorCode | null };
}

export const initialNetworkState: NetworkState = {
  member: { id: null, data: null, friends: [], status: 'idle', error: null },
  feed: { source: null, status: 'idle', error: null, nextCursor: null, more: { status: 'idle', error: null }, later: [] },
  composer: { posting: false, error: null, retryAfterSeconds: null, posted: 0 },
  posts: {},
  comments: {},
  friendToggle: { pending: [], error: null },
};

export const sameSource = (a: FeedSource | null, b: FeedSource | null) =>
  a !== null && b !== null && a.memberId === b.memberId;

function postAction(state: NetworkState, postId: string, action: PostAction): PostActionState {
  const actions = (state.posts[postId] ??= {});
  return (actions[action] ??= { pending: false, error: null, done: 0 });
}

export interface PostActionRequest {
  postId: string;
}

const networkSlice = createSlice({
  name: 'network',
  initialState: initialNetworkState,
  reducers: {
    memberRequested(state, action: PayloadAction<string>) {
      const sameMember = state.member.id === action.payload;
      state.member = {
        id: action.payload,
        // Keep what is shown while the fresh copy loads, unless it is someone else.
        data: sameMember ? state.member.data : null,
        friends: sameMember ? state.member.friends : [],
        status: 'loading',
        error: null,
      };
    },
    memberLoaded(state, action: PayloadAction<{ member: Member; friends: FriendSummary[] }>) {
      if (state.member.id !== action.payload.member._id) return;
      state.member.data = action.payload.member;
      state.member.friends = action.payload.friends;
      state.member.status = 'loaded';
    },
    memberFriendsLoaded(state, action: PayloadAction<{ memberId: string; friends: FriendSummary[] }>) {
      if (state.member.id === action.payload.memberId) state.member.friends = action.payload.friends;
    },
    memberFailed(state, action: PayloadAction<{ memberId: string; error: NetworkErrorCode }>) {
      if (state.member.id !== action.payload.memberId) return;
      state.member.status = 'failed';
      state.member.error = action.payload.error;
    },

    feedRequested(state, action: PayloadAction<FeedSource>) {
      state.feed = {
        source: action.payload,
        status: 'loading',
        error: null,
        nextCursor: null,
        more: { status: 'idle', error: null },
        later: [],
      };
    },
    feedLoaded(state, action: PayloadAction<{ nextCursor?: string }>) {
      state.feed.status = 'loaded';
      state.feed.nextCursor = action.payload.nextCursor ?? null;
    },
    feedFailed(state, action: PayloadAction<NetworkErrorCode>) {
      state.feed.status = 'failed';
      state.feed.error = action.payload;
    },
    moreRequested(state) {
      state.feed.more = { status: 'loading', error: null };
    },
    /** A further page: its posts not already listed (a page may overlap a new post) go at the end. */
    moreLoaded(state, action: PayloadAction<{ posts: Post[]; listed: string[]; nextCursor?: string }>) {
      const listed = new Set([...action.payload.listed, ...state.feed.later.map((post) => post._id)]);
      state.feed.later.push(...action.payload.posts.filter((post) => !listed.has(post._id)));
      state.feed.more.status = 'loaded';
      state.feed.nextCursor = action.payload.nextCursor ?? null;
    },
    moreFailed(state, action: PayloadAction<NetworkErrorCode>) {
      state.feed.more = { status: 'failed', error: action.payload };
    },

    postRequested(state, _action: PayloadAction<{ description: string; picture: File | null }>) {
      state.composer.posting = true;
      state.composer.error = null;
    },
    postCreated(state, action: PayloadAction<{ nextCursor?: string; replacesFeed: boolean }>) {
      state.composer.posting = false;
      state.composer.posted += 1;
      if (action.payload.replacesFeed) {
        state.feed.status = 'loaded';
        state.feed.error = null;
        state.feed.nextCursor = action.payload.nextCursor ?? null;
        state.feed.more = { status: 'idle', error: null };
        state.feed.later = [];
      }
    },
    postFailed: {
      reducer(state, action: PayloadAction<{ error: NetworkErrorCode; retryAfterSeconds: number | null }>) {
        state.composer.posting = false;
        state.composer.error = action.payload.error;
        state.composer.retryAfterSeconds = action.payload.retryAfterSeconds;
      },
      prepare: (error: NetworkErrorCode, retryAfterSeconds: number | null = null) => ({ payload: { error, retryAfterSeconds } }),
    },
    postErrorDismissed(state) {
      state.composer.error = null;
    },

    likeToggled(state, action: PayloadAction<PostActionRequest>) {
      Object.assign(postAction(state, action.payload.postId, 'like'), { pending: true, error: null });
    },
    commentRequested(state, action: PayloadAction<PostActionRequest & { text: string }>) {
      Object.assign(postAction(state, action.payload.postId, 'comment'), { pending: true, error: null });
    },
    editRequested(state, action: PayloadAction<PostActionRequest & { description: string }>) {
      Object.assign(postAction(state, action.payload.postId, 'edit'), { pending: true, error: null });
    },
    deleteRequested(state, action: PayloadAction<PostActionRequest>) {
      Object.assign(postAction(state, action.payload.postId, 'delete'), { pending: true, error: null });
    },
    postActionDone(state, action: PayloadAction<PostActionRequest & { action: PostAction }>) {
      const entry = postAction(state, action.payload.postId, action.payload.action);
      entry.pending = false;
      entry.done += 1;
    },
    postActionFailed(state, action: PayloadAction<PostActionRequest & { action: PostAction; error: NetworkErrorCode }>) {
      const entry = postAction(state, action.payload.postId, action.payload.action);
      entry.pending = false;
      entry.error = action.payload.error;
    },

    commentsRequested(state, action: PayloadAction<PostActionRequest>) {
      const current = state.comments[action.payload.postId];
      // What was loaded stays on screen, if still current, until the first page replaces it.
      state.comments[action.payload.postId] = {
        status: 'loading',
        list: current?.list ?? [],
        error: null,
        nextCursor: current?.nextCursor ?? null,
        more: { status: 'idle', error: null },
      };
    },
    commentsLoaded(state, action: PayloadAction<PostActionRequest & CommentsPage>) {
      state.comments[action.payload.postId] = {
        status: 'loaded',
        list: action.payload.comments,
        error: null,
        nextCursor: action.payload.nextCursor ?? null,
        more: { status: 'idle', error: null },
      };
    },
    commentsFailed(state, action: PayloadAction<PostActionRequest & { error: NetworkErrorCode }>) {
      const current = state.comments[action.payload.postId];
      state.comments[action.payload.postId] = {
        status: 'failed',
        list: current?.list ?? [],
        error: action.payload.error,
        nextCursor: current?.nextCursor ?? null,
        more: { status: 'idle', error: null },
      };
    },
    moreCommentsRequested(state, action: PayloadAction<PostActionRequest>) {
      const current = state.comments[action.payload.postId];
      if (canLoadMoreComments(current)) current.more = { status: 'loading', error: null };
    },
    /** A further page: adds, at the end, the comments not already listed. */
    moreCommentsLoaded(state, action: PayloadAction<PostActionRequest & CommentsPage>) {
      const current = state.comments[action.payload.postId];
      if (!current) return;
      const listed = new Set(current.list.map((comment) => comment._id));
      current.list.push(...action.payload.comments.filter((comment) => !listed.has(comment._id)));
      current.nextCursor = action.payload.nextCursor ?? null;
      current.more = { status: 'loaded', error: null };
    },
    moreCommentsFailed(state, action: PayloadAction<PostActionRequest & { error: NetworkErrorCode }>) {
      const current = state.comments[action.payload.postId];
      if (current) current.more = { status: 'failed', error: action.payload.error };
    },

    friendToggled(state, action: PayloadAction<{ friendId: string }>) {
      if (!state.friendToggle.pending.includes(action.payload.friendId)) state.friendToggle.pending.push(action.payload.friendId);
      state.friendToggle.error = null;
    },
    friendToggleDone(state, action: PayloadAction<{ friendId: string }>) {
      state.friendToggle.pending = state.friendToggle.pending.filter((id) => id !== action.payload.friendId);
    },
    friendToggleFailed(state, action: PayloadAction<{ friendId: string; error: NetworkErrorCode }>) {
      state.friendToggle.pending = state.friendToggle.pending.filter((id) => id !== action.payload.friendId);
      state.friendToggle.error = action.payload.error;
    },
    friendToggleErrorDismissed(state) {
      state.friendToggle.error = null;
    },
  },
  // Nothing of one member's visit may show to the next one who signs in on this browser.
  extraReducers: (builder) =>
    builder
      .addCase(setLogout, () => initialNetworkState)
      // A changed or deleted post may be on a later page rather than the first.
      .addCase(setPost, (state, action) => {
        const index = state.feed.later.findIndex((post) => post._id === action.payload._id);
        if (index >= 0) state.feed.later[index] = action.payload;
      })
      .addCase(removePost, (state, action) => {
        state.feed.later = state.feed.later.filter((post) => post._id !== action.payload);
      }),
});

export const {
  memberRequested,
  memberLoaded,
  memberFriendsLoaded,
  memberFailed,
  feedRequested,
  feedLoaded,
  feedFailed,
  moreRequested,
  moreLoaded,
  moreFailed,
  postRequested,
  postCreated,
  postFailed,
  postErrorDismissed,
  likeToggled,
  commentRequested,
  editRequested,
  deleteRequested,
  postActionDone,
  postActionFailed,
  commentsRequested,
  commentsLoaded,
  commentsFailed,
  moreCommentsRequested,
  moreCommentsLoaded,
  moreCommentsFailed,
  friendToggled,
  friendToggleDone,
  friendToggleFailed,
  friendToggleErrorDismissed,
} = networkSlice.actions;

export const networkReducer = networkSlice.reducer;

// This feature's key in the app's state; app/app-store mounts networkReducer under it.
declare module '../../store/root-state' {
  interface RootState {
    network: NetworkState;
  }
}
