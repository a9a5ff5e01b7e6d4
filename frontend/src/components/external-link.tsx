import type { ReactNode } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import OpenInNew from '@mui/icons-material/OpenInNew';

interface ExternalLinkProps extends Omit<LinkProps, 'href' | 'target' | 'rel' | 'children'> {
  href: string;
  children: ReactNode;
  /** The small "opens elsewhere" icon after the text; off where the text itself is a URL. */
  showIcon?: boolean;
}

/**
 * A link that opens in a new tab. `noopener noreferrer` keeps the opened page from reaching back into
 * this one through `window.opener` and from learning which page linked to it.
 */
export function ExternalLink({ href, children, showIcon = true, sx, ...rest }: ExternalLinkProps) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={[{ overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {children}
      {showIcon && (
        <OpenInNew aria-hidden sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: '-0.1em' }} />
      )}
    </Link>
  );
}
