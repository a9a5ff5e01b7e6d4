import { useId } from 'react';
import type { FriendSummary } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FriendRow } from './friend-row';
import { WidgetCard } from './widget-card';

/** The Friend List widget (docs/requirements/matrix-network.md#feed): one row per friend, each with the add/remove button relative to you. */
export function FriendList({ friends }: { friends: FriendSummary[] }) {
  const headingId = useId();
  return (
    <WidgetCard aria-labelledby={headingId} sx={{ pb: '1.5rem' }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ color: 'neutral.dark', mb: '1.5rem' }}>
        Friend List
      </Typography>
      {friends.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No friends yet</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexDirection: 'column', gap: '1.5rem', listStyle: 'none', m: 0, p: 0 }}>
          {friends.map((friend) => (
            <li key={friend._id}>
              <FriendRow member={friend} subtitle={friend.occupation} />
            </li>
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}
