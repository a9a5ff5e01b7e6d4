import { useState, type FormEvent, type ReactNode } from 'react';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import GifBoxOutlined from '@mui/icons-material/GifBoxOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import MoreHorizOutlined from '@mui/icons-material/MoreHorizOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import type { FileRejection } from 'react-dropzone';
import { SOCIAL_LIMITS } from '@atelier/contracts';
import { PictureDropZone } from '../../components/picture-drop-zone';
import { selectUser } from '../../store/session-selectors';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { MemberAvatar } from './member-avatar';
import { selectComposer } from './network-selectors';
import { postErrorDismissed, postRequested } from './network-slice';
import { WidgetCard } from './widget-card';

const PLACEHOLDER = "What's on your mind...";

/** A label shown on wide screens (docs/requirements/matrix-network.md#composer) (from 1000px) that does nothing (yet). */
function Inert({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: '0.25rem', color: 'text.secondary', py: '0.25rem' }}>
      {icon}
      <Typography variant="body2" sx={{ color: 'inherit' }}>
        {label}
      </Typography>
    </Box>
  );
}

function ComposerForm() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const { posting, error, retryAfterSeconds } = useAppSelector(selectComposer);
  const [description, setDescription] = useState('');
  const [imageOpen, setImageOpen] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  if (!me) return null;
  const canPost = description.trim() !== '' && !posting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canPost) dispatch(postRequested({ description: description.trim(), picture }));
  };

  return (
    <WidgetCard component="form" aria-label="New post" onSubmit={submit}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: '1rem', sm: '1.5rem' } }}>
        <MemberAvatar picturePath={me.picturePath} firstName={me.firstName} lastName={me.lastName} />
        <InputBase
          placeholder={PLACEHOLDER}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          multiline
          maxRows={8}
          inputProps={{ 'aria-label': PLACEHOLDER, maxLength: SOCIAL_LIMITS.description }}
          sx={{ flex: 1, minWidth: 0, bgcolor: 'neutral.light', borderRadius: '2rem', p: { xs: '0.75rem 1.25rem', sm: '1rem 2rem' } }}
        />
      </Box>
      {imageOpen && (
        <Box sx={{ mt: '1rem', p: '1rem', border: 1, borderColor: 'neutral.medium', borderRadius: '5px' }}>
          <PictureDropZone
            label="Add Image Here"
            file={picture}
            onChange={setPicture}
            rejections={rejections}
            onRejected={setRejections}
            removable
          />
        </Box>
      )}
      <Divider sx={{ my: '1.25rem' }} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '0.5rem' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: '1rem',
            flex: 1,
            minWidth: 0,
          }}
        >
          <Button
            size="small"
            startIcon={<ImageOutlined />}
            aria-expanded={imageOpen}
            onClick={() => setImageOpen((open) => !open)}
            sx={{ textTransform: 'none', color: 'text.secondary', ml: '-0.3rem', fontSize: '0.875rem' }}
          >
            Image
          </Button>
          <Inert icon={<GifBoxOutlined aria-hidden fontSize="small" />} label="Clip" />
          <Inert icon={<AttachFileOutlined aria-hidden fontSize="small" />} label="Attachment" />
          <Inert icon={<MicOutlined aria-hidden fontSize="small" />} label="Audio" />
          {/* Narrow screens show a "more" mark in their place. */}
          <MoreHorizOutlined aria-hidden sx={{ display: { lg: 'none' }, color: 'text.secondary' }} />
        </Box>
        <Button type="submit" variant="contained" disabled={!canPost} sx={{ borderRadius: '3rem', flexShrink: 0 }}>
          POST
        </Button>
      </Box>
      {error && (
        <FailureAlert
          attempt="post"
          code={error}
          retryAfterSeconds={retryAfterSeconds}
          onClose={() => dispatch(postErrorDismissed())}
          sx={{ mt: '1rem' }}
        />
      )}
    </WidgetCard>
  );
}

/** The composer of docs/requirements/matrix-network.md#composer. After each published post it starts over: empty text, no image. */
export function Composer() {
  const { posted } = useAppSelector(selectComposer);
  return <ComposerForm key={posted} />;
}
