import { useEffect } from 'react';
import type { GenerationInfo } from '@atelier/contracts';
import { styled } from '@mui/material/styles';
import { selectGenerationInfo } from './generation-selectors';
import { generationInfoRequested } from './generation-slice';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';

/** What the spec's header names; shown while the server's own info loads, when it fails, or when it lists no GPU. */
export const DEFAULT_GENERATION_INFO: GenerationInfo = { model: 'Stable Diffusion 1.5', gpus: ['RTX A5000', 'RTX 3090'] };

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

/** "Stable Diffusion 1.5 on RTX A5000 and RTX 3090 GPUs", from the server's info when it has some: a phrase for a header sentence. */
export function GenerationHardware() {
  const dispatch = useAppDispatch();
  const info = useAppSelector(selectGenerationInfo);

  useEffect(() => {
    dispatch(generationInfoRequested());
  }, [dispatch]);

  const model = info?.model || DEFAULT_GENERATION_INFO.model;
  // Several workers may share one kind of GPU.
  const gpus = info?.gpus.length ? [...new Set(info.gpus)] : DEFAULT_GENERATION_INFO.gpus;
  return (
    <>
      <Strong>{model}</Strong> on <Strong>{listInEnglish(gpus)}</Strong> {gpus.length === 1 ? 'GPU' : 'GPUs'}
    </>
  );
}
