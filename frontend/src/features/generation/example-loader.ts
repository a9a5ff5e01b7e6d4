import type { ExamplePage, GenerationExample } from '@atelier/contracts';
import { useLoaderData } from 'react-router-dom';
import { contentApi, useContent } from '../../store/content-api';
import { randomExampleNumber } from './generation-api';

// A generation page shows one of its example pictures, at random, until a job is asked for. Its
// route's loader makes the draw, so the server's page and the browser's hydration of it show the
// same picture; each visit draws again. The examples themselves (picture, prompt, model) are the
// site's content, which the server's page carries too.

export interface ExampleLoaderData {
  example: number;
}

export const exampleLoader = (page: ExamplePage) => (): ExampleLoaderData => ({ example: randomExampleNumber(page) });

/** The example the page's loader drew. */
export function useExampleNumber(): number {
  return useLoaderData<ExampleLoaderData>().example;
}

/** The example the page shows: the one drawn, with the model that made it; null until the list has arrived (or if it cannot). */
export function useShownExample(page: ExamplePage): GenerationExample | null {
  const number = useExampleNumber();
  const examples = useContent(contentApi.generationExamples);
  if (examples.status !== 'ready') return null;
  const list = examples.data[page] ?? [];
  return list.find((example) => example.position === number) ?? list[(number - 1) % list.length] ?? null;
}
