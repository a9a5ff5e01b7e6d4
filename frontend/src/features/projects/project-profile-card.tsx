import { useId } from 'react';
import type { ProjectBlock } from '@atelier/contracts';
import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { resizedUrl } from '../../components/asset-image';
import { formatCount } from '../../components/format-count';
import { ShowcaseAvatar } from '../../components/showcase-avatar';
import { ShowcaseSurface } from '../../components/showcase-surface';

type ProfileCardBlock = Extract<ProjectBlock, { kind: 'profile-card' }>;

const AVATAR_PX = 60;
const line = { display: 'flex', justifyContent: 'space-between', gap: '1rem', py: '0.25rem' } as const;

/** Spec: an 'under construction' member card, as the social network will show it. */
export function ProjectProfileCard({ block }: { block: ProfileCardBlock }) {
  const nameId = useId();
  return (
    <ShowcaseSurface aria-labelledby={nameId} sx={{ maxWidth: 420, borderTop: 4, borderColor: 'warning.main' }}>
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: '0.5rem', fontWeight: 500, mb: '1rem' }}>
        <Construction aria-hidden fontSize="small" sx={{ color: 'warning.main' }} />
        Under construction
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '1rem', pb: '1rem' }}>
        <ShowcaseAvatar
          src={resizedUrl(block.picture, { w: 124, h: 124, fit: 'crop' })}
          initials={block.name.charAt(0)}
          size={AVATAR_PX}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={nameId} variant="h4" component="h2">
            {block.name}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{block.subtitle}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{block.friends} friends</Typography>
        </Box>
      </Box>
      <Divider />
      <Box sx={{ py: '0.75rem' }}>
        {block.counters.map((counter) => (
          <Box key={counter.label} sx={line}>
            <Typography sx={{ color: 'text.secondary' }}>{counter.label}</Typography>
            <Typography sx={{ color: 'neutral.main', fontWeight: 500 }}>{formatCount(counter.value)}</Typography>
          </Box>
        ))}
      </Box>
      {block.rows.length > 0 && (
        <>
          <Divider />
          <Box component="dl" sx={{ m: 0, py: '0.75rem' }}>
            {block.rows.map((row) => (
              <Box key={row.label} sx={line}>
                <Typography component="dt" sx={{ color: 'text.secondary' }}>
                  {row.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, color: 'neutral.main', fontWeight: 500, textAlign: 'right', overflowWrap: 'anywhere' }}>
                  {row.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </ShowcaseSurface>
  );
}
