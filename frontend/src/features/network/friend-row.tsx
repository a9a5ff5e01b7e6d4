import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { FriendToggleButton } from './friend-toggle-button';
import { MemberAvatar } from './member-avatar';

interface FriendRowProps {
  member: { _id: string; firstName: string; lastName: string; picturePath: string };
  /** Occupation in friend lists, location on posts. */
  subtitle: string;
  /** Replaces the add/remove friend button (a post's author sees the post's options instead). */
  action?: ReactNode;
}

/** A 55px avatar, the name linking to the profile, a subtitle, and the add/remove friend button. */
export function FriendRow({ member, subtitle, action }: FriendRowProps) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    // A row narrower than a name beside an avatar and a button (the side column at 1000px) puts the
    // name and subtitle on a line of their own rather than breaking words.
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr) auto',
          gridTemplateAreas: '"avatar text action"',
          alignItems: 'center',
          columnGap: '0.75rem',
          rowGap: '0.5rem',
          '@container (max-width: 13rem)': { gridTemplateAreas: '"avatar . action" "text text text"' },
        }}
      >
        <Box sx={{ gridArea: 'avatar' }}>
          <MemberAvatar picturePath={member.picturePath} firstName={member.firstName} lastName={member.lastName} />
        </Box>
        <Box sx={{ gridArea: 'text', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/profile/${member._id}`}
            underline="hover"
            sx={{ display: 'block', color: 'neutral.dark', fontWeight: 500, overflowWrap: 'break-word' }}
          >
            {name}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
            {subtitle}
          </Typography>
        </Box>
        <Box sx={{ gridArea: 'action' }}>{action ?? <FriendToggleButton memberId={member._id} />}</Box>
      </Box>
    </Box>
  );
}
