import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLinkClickHandler } from 'react-router-dom';

export const SITE_NAME = 'Atelier';

/**
 * The site name in the logo font. `href` is written out as given: the router's <Link> would
 * normalise the footer's "/#" to "/", while a click still navigates inside the app.
 */
export function SiteLogo({ href }: { href: string }) {
  const navigate = useLinkClickHandler<HTMLAnchorElement>(href);
  return (
    <Link href={href} onClick={navigate} underline="none" sx={{ color: 'primary.main', flexShrink: 0 }}>
      <Typography variant="logo">{SITE_NAME}</Typography>
    </Link>
  );
}
