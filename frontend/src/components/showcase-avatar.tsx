import { useState } from 'react';
import Box from '@mui/material/Box';
import { ShowcaseImage } from './showcase-image';

interface ShowcaseAvatarProps {
  src: string;
  /** Shown until the picture arrives, and instead of it when it cannot be loaded. */
  initials: string;
  size: number;
}

/**
 * A round picture over its initials. Unlike MUI's Avatar, which fetches every picture at once to learn
 * whether it loads, the picture here is an ordinary lazy <img>: one below the fold waits its turn.
 */
export function ShowcaseAvatar({ src, initials, size }: ShowcaseAvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        overflow: 'hidden',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: size * 0.4,
        fontWeight: 500,
      }}
    >
      <span aria-hidden>{initials}</span>
      {!failed && (
        <ShowcaseImage
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0 }}
        />
      )}
    </Box>
  );
}
