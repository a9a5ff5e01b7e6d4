import { useId } from 'react';
import type { CareerHighlight } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ShowcaseSurface } from '../../components/showcase-surface';

/** Spec: the five career highlights, newest role last as the owner orders them. */
export function CareerHighlights({ items }: { items: CareerHighlight[] }) {
  const headingId = useId();
  return (
    <ShowcaseSurface aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: '0.75rem' }}>
        Career Highlights
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: '1.5rem', display: 'grid', gap: '0.75rem' }}>
        {items.map((item) => (
          <li key={item.id}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 500, color: 'neutral.dark' }}>
              {item.role}, {item.company}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              {item.period}
            </Typography>
            <Typography component="span" sx={{ display: 'block' }}>
              {item.summary}
            </Typography>
          </li>
        ))}
      </Box>
    </ShowcaseSurface>
  );
}
