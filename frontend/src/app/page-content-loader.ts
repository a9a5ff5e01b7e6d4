import type { PublicReads } from '@atelier/contracts';
import type { LoaderFunction, Params, UIMatch } from 'react-router-dom';
import { contentApi, observedReads, settledContent, type PageContent } from '../store/content-api';

// A route's page content comes from its loader, which calls the PublicReads it is given: on the
// server (entry-server.tsx) the in-process ones, and it waits for all of them, so the page renders
// once, complete; in the browser contentApi's, over HTTP. There a page shows at once with its
// skeletons: the loader starts the requests beside the page's code and answers what has already
// arrived; the components ask for the rest.

/** What the server render gives every loader (createStaticHandler's requestContext). */
export interface ServerLoadContext {
  reads: PublicReads;
}

const isServerLoadContext = (context: unknown): context is ServerLoadContext =>
  typeof context === 'object' && context !== null && typeof (context as Partial<ServerLoadContext>).reads === 'object';

/** The public reads a page shows (`reads => [reads.site()]`), from the route's params and the address. */
export type PageReads = (reads: PublicReads, params: Params, url: URL) => readonly Promise<unknown>[];

interface LoaderOptions {
  /**
   * What the loader does in the browser: `prefetch` starts the requests and answers what has arrived;
   * `wait` waits for them (a page whose title, status and header all come from one answer); `none`
   * leaves them to the page (an answer drawn by chance, which only the server's page must carry).
   */
  inBrowser?: 'prefetch' | 'wait' | 'none';
}

/** What a content loader answers: the page's content by read key. */
export interface ContentLoaderData {
  content: PageContent;
}

export function pageContentLoader(pageReads: PageReads, { inBrowser = 'prefetch' }: LoaderOptions = {}): LoaderFunction<ContentLoaderData> {
  return async ({ params, request, context }): Promise<ContentLoaderData> => {
    const url = new URL(request.url);
    if (isServerLoadContext(context)) return { content: await answersOf(read(pageReads, context.reads, params, url)) };
    if (inBrowser === 'none') return { content: {} };
    const asked = read(pageReads, contentApi, params, url);
    if (inBrowser === 'wait') return { content: await answersOf(asked) };
    for (const answer of asked.values()) answer.catch(() => undefined);
    return { content: settledContent(asked.keys()) };
  };
}

/** Makes the page's reads, each answer under its key. */
function read(pageReads: PageReads, reads: PublicReads, params: Params, url: URL): Map<string, Promise<unknown>> {
  const asked = new Map<string, Promise<unknown>>();
  pageReads(observedReads(reads, (key, answer) => asked.set(key, answer)), params, url);
  return asked;
}

/** Every answer; a read that fails is left out (the component asks again and shows the failure). */
async function answersOf(asked: Map<string, Promise<unknown>>): Promise<PageContent> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    [...asked].map(async ([key, answer]) => {
      try {
        answers[key] = await answer;
      } catch {
        // left out
      }
    }),
  );
  return answers;
}

/** The content a route's loader answered, or none when it is not a content loader's. */
export function contentOf(data: unknown): PageContent {
  const content = (data as Partial<ContentLoaderData> | null | undefined)?.content;
  return typeof content === 'object' && content !== null ? content : {};
}

/** The content every matched route's loader answered, as one map by read key. */
export function pageContentOf(matches: readonly Pick<UIMatch, 'data'>[]): PageContent {
  return Object.assign({}, ...matches.map(({ data }) => contentOf(data))) as PageContent;
}
