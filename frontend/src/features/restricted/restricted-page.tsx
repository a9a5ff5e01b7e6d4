import { useId } from 'react';
import { Link as RouterLink, useMatch } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../components/external-link';
import { PageFrame } from '../../components/page-frame';
import type { CitadelGroup } from '@atelier/contracts';
import { useSiteSettings } from '../../store/site-settings';
import { VIDEO_TEST_PATH } from './restricted-links';

/**
 * docs/requirements/public-pages.md#restricted-pages: the warning is all there is to it. The pages are not gated by the client; what is
 * worth protecting behind them (the admin API) checks its own token.
 */
function AccessWarning() {
  const { warningTitle, warningText } = useSiteSettings().restricted;
  return (
    <Alert severity="warning" role="note" sx={{ maxWidth: '48rem', mb: 4 }}>
      <AlertTitle>{warningTitle}</AlertTitle>
      {warningText}
    </Alert>
  );
}

function CitadelGroupSection({ group }: { group: CitadelGroup }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h4" sx={{ mb: 1 }}>
        {group.heading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {group.links.map((link) => (
          <li key={link.href}>
            <ExternalLink href={link.href} sx={{ fontWeight: 500 }}>
              {link.label}
            </ExternalLink>
            <Typography variant="body2" sx={{ color: 'neutral.main' }}>
              {link.note}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function CitadelLinks() {
  const { citadel } = useSiteSettings().restricted;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } }}>
      {citadel.map((group) => (
        <CitadelGroupSection key={group.heading} group={group} />
      ))}
    </Box>
  );
}

/** /ll1l1l1ll and /citadel: the authorized-access warning, and where each leads on from there. */
export default function RestrictedPage() {
  const isCitadel = useMatch('/citadel') !== null;
  const { videoTestLabel, videoTestNote } = useSiteSettings().restricted;
  return (
    <PageFrame>
      <AccessWarning />
      {isCitadel ? (
        <CitadelLinks />
      ) : (
        <Typography>
          <Link component={RouterLink} to={VIDEO_TEST_PATH} sx={{ fontWeight: 500 }}>
            {videoTestLabel}
          </Link>
          <Box component="span" sx={{ color: 'neutral.main' }}>
            {' '}
            {videoTestNote}
          </Box>
        </Typography>
      )}
    </PageFrame>
  );
}
