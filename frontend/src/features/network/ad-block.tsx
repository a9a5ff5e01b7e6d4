import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { WidgetCard } from './widget-card';

const AD = {
  to: '/feature/nvidia-rtx-5090',
  image: '/assets/ads/nvidia-rtx-5090.jpg',
  title: 'NVIDIA GeForce RTX 5090',
  domain: 'nvidia.com',
  tagline: '32 GB of GDDR7 for local AI: fine-tune, generate and serve models on your own desk.',
};

/** The right column's sponsored card: one GPU ad, linking to its product page. */
export function AdBlock() {
  const headingId = useId();
  // The ad picture is content the owner supplies; until it exists the card stands on its text.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <WidgetCard aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ color: 'neutral.dark', mb: '0.75rem' }}>
        Sponsored
      </Typography>
      <Link component={RouterLink} to={AD.to} underline="none" sx={{ display: 'block', color: 'inherit' }}>
        {!imageFailed && (
          <Box
            component="img"
            src={AD.image}
            alt={AD.title}
            // Lazy: below 1000px the stylesheet hides the ad's column, and a hidden lazy picture is never fetched.
            loading="lazy"
            onError={() => setImageFailed(true)}
            sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: '0.75rem', mb: '0.75rem' }}
          />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: '1rem' }}>
          <Typography sx={{ color: 'neutral.main', fontWeight: 500 }}>{AD.title}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{AD.domain}</Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', my: '0.5rem' }}>
          {AD.tagline}
        </Typography>
      </Link>
    </WidgetCard>
  );
}
