import type { ExamplePage } from '@atelier/contracts';
import { useLoaderData } from 'react-router-dom';
import { randomExampleNumber } from './generation-api';

// A generation page shows one of its example pictures, at random, until a job is asked for. Its
// route's loader makes the draw, so the server's page and the browser's hydration of it show the
// same picture; each visit draws again.

export interface ExampleLoaderData {
  example: number;
}

export const exampleLoader = (page: ExamplePage) => (): ExampleLoaderData => ({ example: randomExampleNumber(page) });

/** The example the page's loader drew. */
export function useExampleNumber(): number {
  return useLoaderData<ExampleLoaderData>().example;
}
