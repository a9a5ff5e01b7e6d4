import { useEffect } from 'react';
import { selectUser } from '../../store/session-selectors';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { selectMemberView } from './network-selectors';
import { feedRequested, memberRequested } from './network-slice';

/**
 * Opens a member's page: fetches the member (fresh counters; the API counts the view) and their posts,
 * or the whole feed. Answers what the user card and friend list show meanwhile and after.
 */
export function useMemberView(memberId: string, feed: 'everyone' | 'member') {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const view = useAppSelector(selectMemberView);

  useEffect(() => {
    dispatch(memberRequested(memberId));
    dispatch(feedRequested({ memberId: feed === 'everyone' ? null : memberId }));
  }, [dispatch, memberId, feed]);

  const isMe = me?._id === memberId;
  const current = view.id === memberId;
  return {
    // Your own card shows at once from the session, then with the fresh counters.
    member: (current ? view.data : null) ?? (isMe ? me : null),
    // Your friends are the session's (friend toggles keep them current); others' are fetched.
    friends: isMe ? me.friends : current ? view.friends : [],
    status: current ? view.status : 'loading',
    error: current ? view.error : null,
    retry: () => dispatch(memberRequested(memberId)),
  };
}
