import type { PublicReads } from '@atelier/contracts';
import { config } from '../config';
import { ApiError, apiRequest, type ApiRequest } from './api-client';

// The public reads as the browser makes them: each a GET on the API. The content and the example
// pictures are this site's own, so they are asked of VITE_API_URL; Bot Folk and who draws the
// pictures belong to the generation API (VITE_GEN_API_URL), which may be another host.

async function get<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiRequest<T>(path, request)).data;
}

export const httpPublicReads: PublicReads = {
  site: () => get('/content/site'),
  gallery: () => get('/content/gallery'),
  exhibit: () => get('/content/exhibit'),
  resources: () => get('/content/resources'),
  trending: () => get('/content/trending'),
  async project(slug) {
    try {
      return await get(`/content/projects/${encodeURIComponent(slug)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  pyface: ({ dna }) => get('/pyface', { base: config.genApiUrl, query: { dna } }),
  generationInfo: () => get('/generation/info', { base: config.genApiUrl }),
  generationExamples: () => get('/generation/examples'),
};
