import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLinkClickHandler } from 'react-router-dom';
import { useSiteSettings } from '../../store/site-settings';

/**
 * The owner's logo text in the logo font. `href` is written out as given: the router's <Link> would
 * normalise the footer's "/#" to "/", while a click still navigates inside the app.
 */
export function SiteLogo({ href }: { href: string }) {
  const navigate = useLinkClickHandler<HTMLAnchorElement>(href);
  const { logoText } = useSiteSettings();
  return (
    <Link href={href} onClick={navigate} underline="none" sx={{ color: 'primary.main', flexShrink: 0 }}>
      <Typography variant="logo">{logoText}</Typography>
    </Link>
  );
}
