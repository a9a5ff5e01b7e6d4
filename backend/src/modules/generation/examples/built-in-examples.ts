import { EXAMPLE_IMAGE_COUNTS, EXAMPLE_PAGES, type ExamplePage } from '@atelier/contracts';
import { DREAM_PROMPTS } from '../procedural/dream-prompts';
import { renderProcedural } from '../procedural/procedural-renderer';

/** The prompts of the examples Atelier draws itself, by page, in position order. */
export const EXAMPLE_PROMPTS: Record<ExamplePage, readonly string[]> = {
  forge: [
    'a lighthouse on a rocky coast at sunset, golden light on the sea',
    'a misty pine forest at dawn, calm and green',
    'a neon city skyline at night in the rain',
    'a portrait of a woman in a field of red flowers, warm light',
    'snowy mountains under a starry purple sky',
  ],
  dream: [
    DREAM_PROMPTS.daydream[0],
    DREAM_PROMPTS.daydream[1],
    DREAM_PROMPTS.nicedream[0],
    DREAM_PROMPTS.nicedream[1],
    DREAM_PROMPTS.strangedream[0],
    DREAM_PROMPTS.strangedream[1],
    DREAM_PROMPTS.nightmare[0],
    DREAM_PROMPTS.nightmare[1],
    DREAM_PROMPTS.daydream[2],
  ],
};

/** What draws them: the procedural renderer, named as the gallery names its pictures. */
export const BUILT_IN_EXAMPLE_MODEL = 'Atelier Procedural v1';

/** Fixed, so every install draws the same examples. */
const EXAMPLE_SEED = 20250501;
/** The procedural renderer's pictures are square, 768 px (docs/requirements/ai-demos.md#generators); the rows say so before any is drawn. */
const BUILT_IN_SIZE = 768;

/** Where a built-in example is kept; the owner's pictures get generated names beside them. */
export const builtInExamplePath = (page: ExamplePage, position: number) => `/assets/examples/${page}-${position}.png`;

/** Whether `position` is one of the page's examples (1 to its count). */
export const isExamplePosition = (page: ExamplePage, position: number) =>
  Number.isInteger(position) && position >= 1 && position <= EXAMPLE_IMAGE_COUNTS[page];

/** A built-in example's row: what it shows before it is drawn (the picture is drawn when first asked for). */
export function builtInExample(page: ExamplePage, position: number) {
  return {
    page,
    position,
    prompt: EXAMPLE_PROMPTS[page][position - 1],
    model: BUILT_IN_EXAMPLE_MODEL,
    picture: builtInExamplePath(page, position),
    width: BUILT_IN_SIZE,
    height: BUILT_IN_SIZE,
  };
}

/** Every page's built-in examples, forge first. */
export const builtInExamples = () =>
  EXAMPLE_PAGES.flatMap((page) => Array.from({ length: EXAMPLE_IMAGE_COUNTS[page] }, (_, index) => builtInExample(page, index + 1)));

/** Draws a built-in example as PNG. */
export const drawBuiltInExample = (prompt: string): Buffer => renderProcedural({ prompt, seed: EXAMPLE_SEED }).png;
