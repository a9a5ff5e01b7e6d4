import { DREAM_MODES, type DreamMode } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GenerationHardware } from './generation-hardware';
import { GenerationResult } from './generation-result';
import { PageFrame } from '../../components/page-frame';
import { jobRequested } from './generation-slice';
import { useAppDispatch } from '../../store/store-hooks';

/** The button texts (docs/requirements/ai-demos.md#dream-o-matic), one per mode of POST /start-dream. */
const DREAM_BUTTONS: Record<DreamMode, string> = {
  daydream: 'DAY DREAM',
  nicedream: 'NICE DREAM',
  strangedream: 'STRANGE DREAM',
  nightmare: 'NIGHTMARE',
};

/** The Dream-o-matic: one click, one unique new dream image (spec: Dream page). */
export default function DreamPage() {
  const dispatch = useAppDispatch();
  return (
    <PageFrame>
      <Typography sx={{ color: 'neutral.main', maxWidth: '60rem', mb: 3 }}>
        Pick a kind of dream and the Dream-o-matic generates a unique new image<GenerationHardware />.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          // Two by two on a phone, one row from the small breakpoint up.
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, max-content)' },
          gap: 1.5,
          mb: 3,
        }}
      >
        {DREAM_MODES.map((mode) => (
          // Another click while waiting starts over with the new dream.
          <Button key={mode} variant="contained" onClick={() => dispatch(jobRequested({ page: 'dream', mode }))}>
            {DREAM_BUTTONS[mode]}
          </Button>
        ))}
      </Box>
      <GenerationResult
        page="dream"
        exampleNote={() => 'Click a dream button above to generate a unique new dream image!'}
        exampleAlt={({ model }) => `Example dream image made with ${model}, shown until you generate your own`}
        waitingLabel="Generating your dream image"
        resultAlt="Your new dream image"
      />
    </PageFrame>
  );
}
