import type { PublicReads } from '@atelier/contracts';
import { config } from '../config';
import { answerOf, api, ApiError, baseUrlOf } from './api-client';

// The public reads as the browser makes them: each a GET on the API, typed by its OpenAPI document.
// The content and the example pictures are this site's own, so they are asked of VITE_API_URL; Bot
// Folk and who draws the pictures belong to the generation API (VITE_GEN_API_URL), which may be
// another host. Both bases are read at each call (the specs change them).

const site = () => ({ baseUrl: baseUrlOf(config.apiUrl) });
const generation = () => ({ baseUrl: baseUrlOf(config.genApiUrl) });

/** Content that is not there (a 404) is null: its page says so. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  return (await answerOf(call)).data;
}

export const httpPublicReads: PublicReads = {
  settings: () => dataOf(api.GET('/content/settings', site())),
  site: () => dataOf(api.GET('/content/site', site())),
  gallery: () => dataOf(api.GET('/content/gallery', site())),
  exhibit: () => dataOf(api.GET('/content/exhibit', site())),
  resources: () => dataOf(api.GET('/content/resources', site())),
  trending: () => dataOf(api.GET('/content/trending', site())),
  project: (slug) => orNull(dataOf(api.GET('/content/projects/{slug}', { ...site(), params: { path: { slug } } }))),
  feature: (slug) => orNull(dataOf(api.GET('/content/ads/{slug}', { ...site(), params: { path: { slug } } }))),
  pyface: ({ dna }) => dataOf(api.GET('/pyface', { ...generation(), params: { query: { dna } } })),
  generationInfo: () => dataOf(api.GET('/generation/info', generation())),
  generationExamples: () => dataOf(api.GET('/generation/examples', site())),
};
