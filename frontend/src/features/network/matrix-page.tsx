import type { SessionUser } from '../../store/session-types';
import { selectUser } from '../../store/session-selectors';
import { useAppSelector } from '../../store/store-hooks';
import { AdBlock } from './ad-block';
import { Composer } from './composer';
import { Feed } from './feed';
import { FriendList } from './friend-list';
import { GuestSandboxNote } from './guest-sandbox-note';
import { MemberPanel } from './member-panel';
import { COLUMN, NetworkLayout } from './network-layout';
import { useMemberView } from './use-member-view';

const EVERYONE = { memberId: null };

function MatrixColumns({ me }: { me: SessionUser }) {
  const view = useMemberView(me._id, 'everyone');
  return (
    <NetworkLayout
      columns={[
        { width: COLUMN.side, content: <MemberPanel view={view} /> },
        {
          width: COLUMN.centre,
          content: (
            <>
              {me.sandboxExpiresAt && <GuestSandboxNote endsAt={me.sandboxExpiresAt} />}
              <Composer />
              <Feed source={EVERYONE} />
            </>
          ),
        },
        {
          width: COLUMN.side,
          // Spec: the ad and the friend list are for wide screens only.
          wideOnly: true,
          content: (
            <>
              <AdBlock />
              <FriendList friends={view.friends} />
            </>
          ),
        },
      ]}
    />
  );
}

/** /matrix: your user card, the composer and everyone's feed, and (wide screens) an ad and your friends. */
export default function MatrixPage() {
  const me = useAppSelector(selectUser);
  // Members-only route: without a session RequireToken has already sent the visitor to /lobby.
  return me ? <MatrixColumns me={me} /> : null;
}
