import type { RootState } from '../../store/app-store';
import type { PostAction } from './network-slice';

export const selectMemberView = (state: RootState) => state.network.member;
export const selectFeed = (state: RootState) => state.network.feed;
export const selectComposer = (state: RootState) => state.network.composer;
export const selectFriendToggle = (state: RootState) => state.network.friendToggle;

export const selectPostActions = (postId: string) => (state: RootState) => state.network.posts[postId];

export const selectPostAction = (postId: string, action: PostAction) => (state: RootState) =>
  state.network.posts[postId]?.[action];

export const selectComments = (postId: string) => (state: RootState) => state.network.comments[postId];

/** Whether `memberId` is among the signed-in member's friends. */
export const selectIsMyFriend = (memberId: string) => (state: RootState) =>
  state.session.user?.friends.some((friend) => friend._id === memberId) ?? false;

export const selectFriendTogglePending = (memberId: string) => (state: RootState) =>
  state.network.friendToggle.pending.includes(memberId);
