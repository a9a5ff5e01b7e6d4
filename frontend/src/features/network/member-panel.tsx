import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { FailureAlert } from './failure-alert';
import { UserCard } from './user-card';
import type { useMemberView } from './use-member-view';

/** The user card of a page's member, or its loading or failed state. */
export function MemberPanel({ view }: { view: ReturnType<typeof useMemberView> }) {
  if (view.member) return <UserCard member={view.member} friendCount={view.friends.length} />;
  if (view.status === 'failed' && view.error) return <FailureAlert attempt="member" code={view.error} onRetry={view.retry} />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: '1.5rem' }}>
      <CircularProgress aria-label="Loading the profile" />
    </Box>
  );
}
