import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';

const NOTICE_MS = 4000;

const NOTICES = {
  copied: 'Permalink copied',
  failed: 'Could not copy; the address bar holds the permalink',
} as const;

/** The address that reproduces the individual with this DNA. */
export const permalinkFor = (dna: string) =>
  new URL(`/life?${new URLSearchParams({ dna })}`, window.location.origin).href;

/** Copies the permalink of the individual shown and says whether that worked. */
export function PermalinkButton({ dna }: { dna: string }) {
  const [notice, setNotice] = useState<keyof typeof NOTICES | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(permalinkFor(dna));
      setNotice('copied');
    } catch (error) {
      // No clipboard (an insecure origin) or permission refused.
      console.error('Bot Folk: could not copy the permalink', error);
      setNotice('failed');
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button variant="text" startIcon={<LinkIcon />} onClick={() => void copy()}>
        Copy permalink
      </Button>
      <Typography role="status" variant="body2" sx={{ color: 'neutral.main' }}>
        {notice && NOTICES[notice]}
      </Typography>
    </Box>
  );
}
