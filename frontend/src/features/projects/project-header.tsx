import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

interface ProjectHeaderProps {
  title: string;
  /** Null while the page's content is on its way. */
  subtitle: string | null;
}

/** Spec: the header block of a project page; clicking it (or Enter on it) goes home. */
export function ProjectHeader({ title, subtitle }: ProjectHeaderProps) {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      sx={{
        display: 'block',
        p: { xs: '1rem', md: '1.5rem' },
        mb: '2rem',
        borderRadius: '0.75rem',
        bgcolor: 'bg.surface',
        color: 'inherit',
        '&:hover h1': { textDecoration: 'underline' },
      }}
    >
      <Typography variant="h1">{title}</Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: '1.1rem', mt: '0.5rem' }}>
        {subtitle ?? <Skeleton width="60%" />}
      </Typography>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: '0.25rem', mt: '0.75rem', color: 'primary.main', fontSize: '0.875rem' }}>
        <ArrowBack aria-hidden fontSize="small" />
        Home
      </Box>
    </Link>
  );
}
