import { useId, type ReactNode } from 'react';
import type { Member } from '@atelier/contracts';
import LinkedIn from '@mui/icons-material/LinkedIn';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount } from '../../components/format-count';
import { MemberAvatar } from './member-avatar';
import { WidgetCard } from './widget-card';

interface UserCardProps {
  member: Member;
  /** The friends list shown with the card: the session's for you, the fetched one for others. */
  friendCount: number;
}

const row = { display: 'flex', alignItems: 'center', gap: '1rem', py: '0.5rem' } as const;

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: '1rem', py: '0.25rem' }}>
      <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
      <Typography sx={{ color: 'neutral.main', fontWeight: 500 }}>{formatCount(value)}</Typography>
    </Box>
  );
}

function SocialProfile({ icon, name, kind }: { icon: ReactNode; name: string; kind: string }) {
  return (
    <Box sx={row}>
      {icon}
      <Box>
        <Typography sx={{ color: 'neutral.main', fontWeight: 500 }}>{name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {kind}
        </Typography>
      </Box>
    </Box>
  );
}

/** The user card of docs/requirements/matrix-network.md#user-card: who, where, what, the two counters and the social profile entries. */
export function UserCard({ member, friendCount }: UserCardProps) {
  const nameId = useId();
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <WidgetCard aria-labelledby={nameId}>
      <Box sx={{ ...row, pt: 0, pb: '1rem' }}>
        <MemberAvatar picturePath={member.picturePath} firstName={member.firstName} lastName={member.lastName} size={60} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={nameId} variant="h4" component="h2">
            <Link
              component={RouterLink}
              to={`/profile/${member._id}`}
              underline="hover"
              sx={{ color: 'neutral.dark', overflowWrap: 'break-word' }}
            >
              {name}
            </Link>
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{friendCount} friends</Typography>
        </Box>
      </Box>
      <Divider />
      <Box sx={{ py: '0.75rem' }}>
        <Box sx={row}>
          <LocationOnOutlined titleAccess="Location" sx={{ color: 'neutral.main' }} />
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>{member.location}</Typography>
        </Box>
        <Box sx={row}>
          <WorkOutlineOutlined titleAccess="Occupation" sx={{ color: 'neutral.main' }} />
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>{member.occupation}</Typography>
        </Box>
      </Box>
      <Divider />
      <Box sx={{ py: '0.75rem' }}>
        <Counter label="Who's viewed your profile" value={member.viewedProfile} />
        <Counter label="Impressions of your post" value={member.impressions} />
      </Box>
      <Divider />
      <Box sx={{ py: '0.75rem' }}>
        <Typography variant="h5" component="h3" sx={{ color: 'neutral.main', mb: '0.5rem' }}>
          Social Profiles
        </Typography>
        <SocialProfile icon={<YouTube aria-hidden sx={{ color: 'neutral.main' }} />} name="YouTube" kind="Video Platform" />
        <SocialProfile icon={<LinkedIn aria-hidden sx={{ color: 'neutral.main' }} />} name="LinkedIn" kind="Network Platform" />
      </Box>
    </WidgetCard>
  );
}
