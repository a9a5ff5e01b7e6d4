import { useId } from 'react';
import type { Notice } from '@atelier/contracts';
import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ShowcaseSurface } from '../../components/showcase-surface';

/** A notice of the owner's, such as the demo's construction-area note: when the work in progress will be done. */
/** A notice's heading unless it has its own. */
export const NOTICE_TITLE = 'Under construction';

export function ConstructionNotice({ notice }: { notice: Notice }) {
  const headingId = useId();
  // The owner may write the date into the sentence or leave it to the date field.
  const text = notice.text.includes(notice.dateLabel) ? notice.text : `${notice.text} ${notice.dateLabel}`;
  return (
    <ShowcaseSurface aria-labelledby={headingId} sx={{ borderLeft: 4, borderColor: 'warning.main' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.5rem', mb: '0.5rem' }}>
        <Construction aria-hidden sx={{ color: 'warning.main' }} />
        <Typography id={headingId} variant="h4" component="h2">
          {notice.title ?? NOTICE_TITLE}
        </Typography>
      </Box>
      <Typography>{text}</Typography>
    </ShowcaseSurface>
  );
}
