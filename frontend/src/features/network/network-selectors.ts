import { createSelector } from '@reduxjs/toolkit';
import type { Post } from '@atelier/contracts';
import type { RootState } from '../../store/root-state';
import { selectPosts } from '../../store/session-selectors';
import type { PostAction } from './network-slice';

export const selectMemberView = (state: RootState) => state.network.member;
export const selectFeed = (state: RootState) => state.network.feed;
/** Every post the feed lists: the first page (from the session), then the later pages. */
export const selectFeedPosts = createSelector([selectPosts, (state: RootState) => state.network.feed.later], (first, later) =>
  later.length === 0 ? first : [...first, ...later],
);
export const selectComposer = (state: RootState) => state.network.composer;
export const selectFriendToggle = (state: RootState) => state.network.friendToggle;

export const selectPostActions = (postId: string) => (state: RootState) => state.network.posts[postId];

export const selectPostAction = (postId: string, action: PostAction) => (state: RootState) =>
  state.network.posts[postId]?.[action];

export const selectComments = (postId: string) => (state: RootState) => state.network.comments[postId];

/**
 * The comments with authors to show for `post`, or null while its embedded previews must do (nothing
 * loaded yet, the load failed, or the post has gained comments since). Pages run from the oldest on,
 * so a list with further pages is a current beginning; a complete one is current while it holds
 * `commentCount` comments.
 */
export const selectCommentsWithAuthors = (post: Post) => (state: RootState) => {
  const loaded = state.network.comments[post._id];
  if (!loaded || loaded.status === 'failed') return null;
  return loaded.nextCursor !== null || loaded.list.length >= post.commentCount ? loaded.list : null;
};

/** Whether `memberId` is among the signed-in member's friends. */
export const selectIsMyFriend = (memberId: string) => (state: RootState) =>
  state.session.user?.friends.some((friend) => friend._id === memberId) ?? false;

export const selectFriendTogglePending = (memberId: string) => (state: RootState) =>
  state.network.friendToggle.pending.includes(memberId);
