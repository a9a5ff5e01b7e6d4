import { useContext, useEffect } from 'react';
import type { GenerationInfo } from '@atelier/contracts';
import { styled } from '@mui/material/styles';
import { selectGenerationInfo } from './generation-selectors';
import { generationInfoRequested } from './generation-slice';
import { contentApi, PageContentContext, pageAnswer } from '../../store/content-api';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';

// Rubik has no 700: bold text uses the theme's 500 rather than a faux bold.
const Strong = styled('strong')(({ theme }) => ({ fontWeight: theme.typography.fontWeightBold }));

/**
 * "A", "A and B", "A, B, and C", as `Intl.ListFormat('en')` says it. Not Intl itself: constructing
 * the first one loads its locale data, 75-145 ms on a mid-range phone, in the page's start-up.
 */
export function listInEnglish(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** " with Stable Diffusion 1.5 on RTX A5000 and RTX 3090 GPUs": who draws, as the server says. */
function WhoDraws({ info }: { info: GenerationInfo }) {
  if (info.renderer === 'built-in') {
    return (
      <>
        {' '}
        with <Strong>Atelier&apos;s built-in renderer</Strong> on the server&apos;s CPU
      </>
    );
  }
  if (info.renderer === 'none') return <> on the site&apos;s GPU workers, when one is available (none is right now)</>;
  const gpus = (
    <>
      on <Strong>{listInEnglish(info.gpus)}</Strong> {info.gpus.length === 1 ? 'GPU' : 'GPUs'}
    </>
  );
  return info.models.length > 0 ? (
    <>
      {' '}
      with <Strong>{listInEnglish(info.models)}</Strong> {gpus}
    </>
  ) : (
    <> {gpus}</>
  );
}

/**
 * The end of a header sentence saying who draws the pictures: the models and GPUs of the workers the
 * jobs go to, or the built-in renderer. The server's page carries the answer; otherwise it is asked
 * for, and until it arrives (or if it cannot) the sentence claims nothing.
 */
export function GenerationHardware() {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectGenerationInfo);
  // The server's own answer, when it drew the page (the browser's loader leaves it to this component).
  const served = pageAnswer(useContext(PageContentContext), contentApi.generationInfo) ?? null;
  const info = loaded ?? served;

  useEffect(() => {
    if (!served) dispatch(generationInfoRequested());
  }, [dispatch, served]);

  return info ? <WhoDraws info={info} /> : null;
}
