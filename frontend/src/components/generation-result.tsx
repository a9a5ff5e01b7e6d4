import { Fragment, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { FAILURE_MESSAGE } from '../store/api-saga';
import { exampleImageUrl, randomExampleNumber, type GeneratedImage } from '../store/generation-api';
import { selectGenerationJob } from '../store/generation-selectors';
import { generationLeft, type GenerationPage } from '../store/generation-slice';
import { useAppDispatch, useAppSelector } from '../store/store-hooks';
import { SpinnerGrid } from './spinner-grid';

/** Spec section 9: result pictures are 768px wide (narrower only when the screen is), and square. */
const RESULT_PX = 768;

const Frame = styled('div')(({ theme }) => ({
  width: RESULT_PX,
  maxWidth: '100%',
  aspectRatio: '1 / 1',
  display: 'grid',
  placeItems: 'center',
  overflow: 'hidden',
  borderRadius: '0.75rem',
  backgroundColor: theme.palette.bg.surface,
}));

const Picture = styled('img')({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

const shown = (value: number | string | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

/** Spec: the seed, execute time, delay and worker of the picture shown; placeholders until there is one. */
function StatsLine({ id, result }: { id: string; result: GeneratedImage | null }) {
  const stats = [
    `seed: ${shown(result?.seed ?? null)}`,
    `execute time: ${shown(result?.executionTime ?? null, ' ms')}`,
    `delay: ${shown(result?.delayTime ?? null, ' ms')}`,
    `worker ID: ${shown(result?.workerId ?? null)}`,
  ];
  return (
    <Typography
      id={id}
      variant="body2"
      // Announces the finished picture's numbers to assistive technology when they arrive.
      aria-live="polite"
      sx={{ mt: 1.5, color: 'neutral.main', overflowWrap: 'anywhere' }}
    >
      {stats.map((stat, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          {/* A number stays with its label and unit on a narrow screen; a long worker ID may wrap. */}
          <Box component="span" sx={{ whiteSpace: index < stats.length - 1 ? 'nowrap' : 'normal' }}>
            {stat}
          </Box>
        </Fragment>
      ))}
    </Typography>
  );
}

interface GenerationResultProps {
  page: GenerationPage;
  /** The line under the example picture shown before the first job. */
  exampleNote: string;
  exampleAlt: string;
  /** What the spinner grid tells assistive technology while the job runs. */
  waitingLabel: string;
  resultAlt: string;
}

/**
 * A generation page's result area and its stats line: an example picture until a job is asked for,
 * then the spinner grid, then the picture or the failure (spec section 4). Leaving the page abandons
 * its job, so the next visit starts over with a new example.
 */
export function GenerationResult({ page, exampleNote, exampleAlt, waitingLabel, resultAlt }: GenerationResultProps) {
  const dispatch = useAppDispatch();
  const { status, result } = useAppSelector(selectGenerationJob(page));
  const [exampleNumber] = useState(() => randomExampleNumber(page));
  const statsId = useId();

  useEffect(
    () => () => {
      dispatch(generationLeft({ page }));
    },
    [dispatch, page],
  );

  let area;
  if (status === 'waiting') {
    // Spec section 9: 5 columns by 5 rows of spinners in the picture's place.
    area = <SpinnerGrid count={25} columns={5} size={RESULT_PX} label={waitingLabel} />;
  } else if (status === 'completed' && result) {
    area = (
      <Frame>
        <Picture
          src={`data:image/png;base64,${result.image}`}
          alt={resultAlt}
          aria-describedby={statsId}
          width={RESULT_PX}
          height={RESULT_PX}
        />
      </Frame>
    );
  } else if (status === 'error') {
    area = (
      <Frame>
        <Alert severity="error" sx={{ mx: 2 }}>
          {FAILURE_MESSAGE}
        </Alert>
      </Frame>
    );
  } else {
    area = (
      <Box component="figure" sx={{ m: 0 }}>
        <Frame>
          <Picture src={exampleImageUrl(page, exampleNumber)} alt={exampleAlt} width={RESULT_PX} height={RESULT_PX} />
        </Frame>
        <Typography component="figcaption" sx={{ mt: 1.5, width: RESULT_PX, maxWidth: '100%', textAlign: 'center' }}>
          {exampleNote}
        </Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ width: RESULT_PX, maxWidth: '100%' }}>
      {area}
      <StatsLine id={statsId} result={status === 'completed' ? result : null} />
    </Box>
  );
}
