import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

// Stand-ins as tall as what they stand for, so the content arriving moves nothing on screen and the
// footer starts below the fold.

const block = (height: number) => <Skeleton variant="rounded" sx={{ height, borderRadius: '0.75rem' }} />;

export function HomeMainSkeleton() {
  return (
    <Box role="status" aria-label="Loading the profile and projects" sx={{ display: 'grid', gap: '2rem' }}>
      {block(420)}
      {block(360)}
      {block(560)}
    </Box>
  );
}

export function HomeSideSkeleton() {
  return (
    <Box role="status" aria-label="Loading the projects list" sx={{ display: 'grid', gap: '2rem' }}>
      {block(480)}
      {block(560)}
    </Box>
  );
}
