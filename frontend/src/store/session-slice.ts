import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ColorMode } from '../theme/app-theme';
import type { FriendSummary, Post } from '@atelier/contracts';
import type { SessionUser, TrendingUser } from './session-types';

/** The persisted client session (docs/requirements/public-pages.md#session). */
export interface SessionState {
  mode: ColorMode;
  user: SessionUser | null;
  token: string | null;
  /** The feed's first page only: later pages live in the network slice, out of localStorage. */
  posts: Post[];
  usersTrending: TrendingUser[];
}

export const initialSessionState: SessionState = {
  mode: 'dark',
  user: null,
  token: null,
  posts: [],
  usersTrending: [],
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    setMode(state) {
      state.mode = state.mode === 'light' ? 'dark' : 'light';
    },
    setLogin(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
    },
    setLogout(state) {
      state.user = null;
      state.token = null;
    },
    setFriends(state, action: PayloadAction<FriendSummary[]>) {
      if (state.user) {
        state.user.friends = action.payload;
      } else {
        // The required behaviour (docs/requirements/public-pages.md#session) for a friends answer that arrives after sign-out.
        console.error('user friends non-existent');
      }
    },
    setPosts(state, action: PayloadAction<Post[]>) {
      state.posts = action.payload;
    },
    setPost(state, action: PayloadAction<Post>) {
      state.posts = state.posts.map((post) => (post._id === action.payload._id ? action.payload : post));
    },
    removePost(state, action: PayloadAction<string>) {
      state.posts = state.posts.filter((post) => post._id !== action.payload);
    },
    setUsersTrending(state, action: PayloadAction<TrendingUser[]>) {
      state.usersTrending = action.payload;
    },
  },
});

export const {
  setMode,
  setLogin,
  setLogout,
  setFriends,
  setPosts,
  setPost,
  removePost,
  setUsersTrending,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
