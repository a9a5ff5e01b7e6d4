import type { RootState } from './root-state';

export const selectMode = (state: RootState) => state.session.mode;
export const selectUser = (state: RootState) => state.session.user;
export const selectToken = (state: RootState) => state.session.token;
export const selectIsSignedIn = (state: RootState) => state.session.token !== null;
export const selectPosts = (state: RootState) => state.session.posts;
export const selectUsersTrending = (state: RootState) => state.session.usersTrending;
