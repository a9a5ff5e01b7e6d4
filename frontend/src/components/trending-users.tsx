import { useEffect, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { contentApi, useContent } from '../store/content-api';
import { selectUsersTrending } from '../store/session-selectors';
import { setUsersTrending } from '../store/session-slice';
import { useAppDispatch, useAppSelector } from '../store/store-hooks';
import { resizedUrl } from './asset-image';
import { ShowcaseAvatar } from './showcase-avatar';
import { ShowcaseSurface } from './showcase-surface';

const AVATAR_PX = 44;
/** 11 fake trending users (docs/requirements/public-pages.md#home); also the skeleton's row count before they arrive. */
const EXPECTED_USERS = 11;

/** A member picture: a file name under /assets/users/ (as the original site stored them) or a whole site path. */
function pictureUrl(picturePath: string): string {
  const path = picturePath.startsWith('/') ? picturePath : `/assets/users/${encodeURIComponent(picturePath)}`;
  // 124 is the smallest width the image service makes: sharp at 2x and more for a 44px avatar.
  return resizedUrl(path, { w: 124, h: 124, fit: 'crop' });
}

/**
 * Matrix Network's trending members: shown at once from the persisted session (spec: `usersTrending`),
 * then refreshed from the content API.
 */
export function TrendingUsers() {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const answer = useContent(contentApi.trending);
  // The stored list stands in only until the answer is in. Read after that, storing the answer would
  // re-render the whole list again, synchronously, right after the page hydrates.
  const stored = useAppSelector((state) => (answer.status === 'ready' ? null : selectUsersTrending(state)));

  useEffect(() => {
    if (answer.status === 'ready') dispatch(setUsersTrending(answer.data));
  }, [answer, dispatch]);

  const users = answer.status === 'ready' ? answer.data : (stored ?? []);

  // No card for a site that keeps no trending members (an owner who removed the demo's).
  if (answer.status === 'ready' && users.length === 0) return null;

  let body;
  if (users.length > 0) {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '0.75rem' }}>
        {users.map((member) => (
          <Box component="li" key={member._id} sx={{ display: 'flex', alignItems: 'center', gap: '0.75rem', minWidth: 0 }}>
            <ShowcaseAvatar
              src={pictureUrl(member.picturePath)}
              initials={`${member.firstName.charAt(0)}${member.lastName.charAt(0)}`}
              size={AVATAR_PX}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ color: 'neutral.dark', fontWeight: 500, overflowWrap: 'break-word' }}>
                {member.firstName} {member.lastName}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
                {member.location}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  } else if (answer.status === 'error') {
    body = <Alert severity="warning">Trending members could not be loaded.</Alert>;
  } else {
    body = (
      <Box role="status" aria-label="Loading trending members" sx={{ display: 'grid', gap: '0.75rem' }}>
        {Array.from({ length: EXPECTED_USERS }, (_, index) => (
          <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: '0.75rem' }}>
            <Skeleton variant="circular" width={AVATAR_PX} height={AVATAR_PX} sx={{ flexShrink: 0 }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="70%" />
              <Skeleton width="50%" />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <ShowcaseSurface aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: '1rem' }}>
        Trending on Matrix Network
      </Typography>
      {body}
    </ShowcaseSurface>
  );
}
