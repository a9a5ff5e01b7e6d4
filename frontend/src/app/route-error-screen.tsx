import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { SiteFrame } from './layout/site-frame';
import { usePageMeta } from './page-meta';
import { useSiteSettings } from '../store/site-settings';

/** "404 Not Found" for a router response (an unknown path), else the thrown error's message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = describeRouteError(error);
  const { siteName } = useSiteSettings();
  usePageMeta({ title: `${detail} | ${siteName}`, description: 'This page could not be shown.' });

  useEffect(() => {
    // A 404 is expected traffic; anything else is a defect worth a console trace.
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <SiteFrame>
      <Box sx={{ p: '2rem 4%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Typography variant="h1">Unexpected Application Error!</Typography>
        <Typography variant="h2" component="p" sx={{ color: 'neutral.main' }}>
          {detail}
        </Typography>
        {stack && (
          <Box component="pre" sx={{ p: 2, maxWidth: '100%', overflow: 'auto', bgcolor: 'bg.surface', fontSize: '0.8rem' }}>
            {stack}
          </Box>
        )}
        <Link component={RouterLink} to="/" sx={{ color: 'primary.main' }}>
          Back to the home page
        </Link>
      </Box>
    </SiteFrame>
  );
}
