import { Fragment, useEffect, useId } from 'react';
import type { GenerationExample } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { alpha, styled } from '@mui/material/styles';
import { generatorFailureMessage } from '../../store/api-saga';
import { useShownExample } from './example-loader';
import type { GeneratedImage, RenderProgress } from './generation-api';
import { selectGenerationJob } from './generation-selectors';
import { generationLeft, type GenerationPage } from './generation-slice';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { resizedUrl, widthSrcSet, type ImageWidth } from '../../components/asset-image';
import { SpinnerGrid } from '../../components/spinner-grid';

/** docs/requirements/ai-demos.md#forge: result pictures are 768px wide (narrower only when the screen is), and square. */
const RESULT_PX = 768;
/** The example's sizes, from a phone at 1x to the full width at 2x; it is the page's largest picture. */
const EXAMPLE_WIDTHS: readonly ImageWidth[] = [360, 496, 680, 768, 1024, 1536];
// PageFrame leaves 92% of the screen's width: the picture's full 768px from 835px on.
const EXAMPLE_SIZES = `(min-width: 835px) ${RESULT_PX}px, 92vw`;

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

// The preview is a small JPEG scaled up to the result's size: softened so its blocks do not show,
// and grown a little so the blur leaves no pale rim at the edges.
const Preview = styled(Picture)({ gridArea: '1 / 1', filter: 'blur(8px)', transform: 'scale(1.05)' });

const ProgressPanel = styled('div')(({ theme }) => ({
  gridArea: '1 / 1',
  // Positioned, so it paints over the preview, whose transform lifts it above unpositioned boxes.
  position: 'relative',
  alignSelf: 'end',
  justifySelf: 'stretch',
  margin: theme.spacing(2),
  padding: theme.spacing(1.5, 2),
  borderRadius: '0.5rem',
  // Readable over whatever the preview shows.
  backgroundColor: alpha(theme.palette.bg.surface, 0.85),
}));

/** A render the server reports on: its preview when there is one, and a progress bar, in the picture's place. */
function RenderingArea({ rendering }: { rendering: RenderProgress }) {
  const labelId = useId();
  const percent = Math.round(rendering.progress * 100);
  return (
    <Frame>
      {rendering.preview && (
        <Preview src={rendering.preview} alt="Preview of the picture being rendered" width={RESULT_PX} height={RESULT_PX} />
      )}
      <ProgressPanel>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
          <Typography id={labelId} variant="body2">
            Rendering on the GPU
          </Typography>
          {/* The bar itself tells assistive technology its value. */}
          <Typography variant="body2" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {percent}%
          </Typography>
        </Box>
        <LinearProgress variant="determinate" value={percent} aria-labelledby={labelId} />
      </ProgressPanel>
    </Frame>
  );
}

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
  /** The line under the example picture shown before the first job; null while the example is not known yet. */
  exampleNote: (example: GenerationExample | null) => string;
  exampleAlt: (example: GenerationExample) => string;
  /** What the spinner grid tells assistive technology while the job runs. */
  waitingLabel: string;
  resultAlt: string;
}

/**
 * A generation page's result area and its stats line: an example picture until a job is asked for,
 * then the spinner grid (a progress bar and preview instead once the server says how far the render
 * is), then the picture or the failure (docs/requirements/ai-demos.md#jobs). Leaving the page abandons
 * its job, so the next visit starts over with a new example.
 */
export function GenerationResult({ page, exampleNote, exampleAlt, waitingLabel, resultAlt }: GenerationResultProps) {
  const dispatch = useAppDispatch();
  const { status, result, rendering, error, retryAfterSeconds } = useAppSelector(selectGenerationJob(page));
  const example = useShownExample(page);
  const statsId = useId();

  useEffect(
    () => () => {
      dispatch(generationLeft({ page }));
    },
    [dispatch, page],
  );

  let area;
  if (status === 'waiting' && rendering) {
    area = <RenderingArea rendering={rendering} />;
  } else if (status === 'waiting') {
    // docs/requirements/ai-demos.md#jobs: 5 columns by 5 rows of spinners in the picture's place.
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
          {generatorFailureMessage(error, retryAfterSeconds)}
        </Alert>
      </Frame>
    );
  } else {
    area = (
      <Box component="figure" sx={{ m: 0 }}>
        <Frame>
          {/* The frame keeps its size while the example is not known (a visit the server did not render). */}
          {example && (
            <Picture
              src={resizedUrl(example.url, { w: RESULT_PX })}
              srcSet={widthSrcSet(example.url, EXAMPLE_WIDTHS)}
              sizes={EXAMPLE_SIZES}
              fetchPriority="high"
              alt={exampleAlt(example)}
              width={RESULT_PX}
              height={RESULT_PX}
            />
          )}
        </Frame>
        <Typography component="figcaption" sx={{ mt: 1.5, width: RESULT_PX, maxWidth: '100%', textAlign: 'center' }}>
          {exampleNote(example)}
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
