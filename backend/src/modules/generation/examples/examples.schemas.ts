import { EXAMPLE_IMAGE_COUNTS, EXAMPLE_MODEL_MAX_LENGTH, EXAMPLE_PAGES, PROMPT_MAX_LENGTH, type ExamplePage } from '@atelier/contracts';
import { z } from 'zod';
import { AppError } from '../../../common/errors/app-error';
import { requiredText } from '../../../common/validation/fields';
import { isExamplePosition } from './built-in-examples';

/** Where an example is: a page and a position on it, both from the URL. */
export interface ExamplePlace {
  page: ExamplePage;
  position: number;
}

const RANGES = EXAMPLE_PAGES.map((page) => `${page} 1-${EXAMPLE_IMAGE_COUNTS[page]}`).join(', ');

/** The example a URL names (`/forge/3`); anything else is one that does not exist, named with the ones that do. */
export function examplePlace(page: string, position: string): ExamplePlace {
  const number = /^\d{1,3}$/.test(position) ? Number(position) : Number.NaN;
  if (!(EXAMPLE_PAGES as readonly string[]).includes(page)) {
    throw new AppError('NOT_FOUND', `No example page ${JSON.stringify(page)}: the pages are ${EXAMPLE_PAGES.join(' and ')} (${RANGES})`, [
      { field: 'page', message: `must be one of ${EXAMPLE_PAGES.join(', ')}` },
    ]);
  }
  const known = page as ExamplePage;
  if (!isExamplePosition(known, number)) {
    throw new AppError('NOT_FOUND', `No example ${position} on the ${page} page: its examples are 1 to ${EXAMPLE_IMAGE_COUNTS[known]}`, [
      { field: 'position', message: `must be a whole number from 1 to ${EXAMPLE_IMAGE_COUNTS[known]}` },
    ]);
  }
  return { page: known, position: number };
}

/**
 * What examplePlace accepts, said for the OpenAPI document (a URL naming no example is 404 there, not
 * 400, so it checks by hand): a page, and a position from 1 to that page's count.
 */
export const examplePlaceParams = z.object({
  page: z.enum(EXAMPLE_PAGES as [ExamplePage, ...ExamplePage[]]),
  position: z
    .int()
    .min(1)
    .max(Math.max(...Object.values(EXAMPLE_IMAGE_COUNTS)))
    .describe(`1 to the page's count: ${RANGES}`),
});

/** POST /api/admin/examples/:page/:position: the picture comes as a file; these say what made it. */
export const exampleUploadFields = z.strictObject({
  model: requiredText(EXAMPLE_MODEL_MAX_LENGTH),
  // Empty means not told, as absent does.
  prompt: z
    .string({ error: 'must be text' })
    .trim()
    .max(PROMPT_MAX_LENGTH, `must be at most ${PROMPT_MAX_LENGTH} characters`)
    .transform((prompt) => prompt || null)
    .default(null),
});
export type ExampleUploadFields = z.output<typeof exampleUploadFields>;
