import Typography from '@mui/material/Typography';
import { WidgetCard } from './widget-card';

const ENDS = new Intl.DateTimeFormat('en-GB', { weekday: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * Tells a guest that the network they see is a sandbox of their own (each guest sign-in is one):
 * what they do stays theirs, and goes when the sandbox does.
 */
export function GuestSandboxNote({ endsAt }: { endsAt: string }) {
  return (
    <WidgetCard role="note" aria-label="Guest sandbox" sx={{ py: '1rem' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        You are the guest, in a sandbox of your own: what you post, like, comment on or befriend here is seen by you
        alone, and is cleared on {ENDS.format(new Date(endsAt))}.
      </Typography>
    </WidgetCard>
  );
}
