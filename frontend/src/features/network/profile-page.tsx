import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Composer } from './composer';
import { Feed } from './feed';
import { FriendList } from './friend-list';
import { MemberPanel } from './member-panel';
import { COLUMN, NetworkLayout } from './network-layout';
import { useMemberView } from './use-member-view';

/** /profile/:userId: the member's card and friends, then the composer (posting as you) and their posts. */
export default function ProfilePage() {
  const { userId = '' } = useParams();
  const view = useMemberView(userId, 'member');
  const source = useMemo(() => ({ memberId: userId }), [userId]);
  // No such member: their (empty) friends and posts would only repeat the card's message.
  const missing = view.status === 'failed' && (view.error === 'NOT_FOUND' || view.error === 'VALIDATION_FAILED');

  return (
    <NetworkLayout
      columns={[
        {
          width: COLUMN.side,
          content: (
            <>
              <MemberPanel view={view} />
              {view.member && <FriendList friends={view.friends} />}
            </>
          ),
        },
        {
          width: COLUMN.centre,
          content: (
            <>
              <Composer />
              {!missing && <Feed source={source} />}
            </>
          ),
        },
      ]}
    />
  );
}
