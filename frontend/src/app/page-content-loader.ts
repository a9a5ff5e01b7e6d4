import type { ContentFetcher } from '@atelier/contracts';
import type { LoaderFunction, Params, UIMatch } from 'react-router-dom';
import { contentAt, prefetchContent, type PageContent } from '../store/content-api';

// A route's page content comes from its loader. On the server (entry-server.tsx) the loader reads
// the content in-process and waits for all of it, so the page renders once, complete. In the
// browser a page shows at once with its skeletons: the loader starts the requests beside the
// page's code and answers what has already arrived; the components ask for the rest.

/** What the server render gives every loader (createStaticHandler's requestContext). */
export interface ServerLoadContext {
  fetchContent: ContentFetcher;
}

const isServerLoadContext = (context: unknown): context is ServerLoadContext =>
  typeof context === 'object' && context !== null && typeof (context as Partial<ServerLoadContext>).fetchContent === 'function';

/** The public API reads a page shows (`/content/site`), from the route's params and the address. */
export type ContentPaths = (params: Params, url: URL) => string[];

interface LoaderOptions {
  /**
   * What the loader does in the browser: `prefetch` starts the requests and answers what has arrived;
   * `wait` waits for them (a page whose title, status and header all come from one answer); `none`
   * leaves them to the page (an answer drawn by chance, which only the server's page must carry).
   */
  inBrowser?: 'prefetch' | 'wait' | 'none';
}

/** What a content loader answers: the page's content by path. */
export interface ContentLoaderData {
  content: PageContent;
}

export function pageContentLoader(pathsOf: ContentPaths, { inBrowser = 'prefetch' }: LoaderOptions = {}): LoaderFunction<ContentLoaderData> {
  return async ({ params, request, context }): Promise<ContentLoaderData> => {
    const paths = pathsOf(params, new URL(request.url));
    if (isServerLoadContext(context)) return { content: await fetchAll(paths, context.fetchContent) };
    if (inBrowser === 'prefetch') return { content: prefetchContent(paths) };
    if (inBrowser === 'wait') return { content: await fetchAll(paths, contentAt) };
    return { content: {} };
  };
}

/** Every path's answer; one that fails is left out (the component asks again and shows the failure). */
async function fetchAll(paths: string[], fetchContent: ContentFetcher): Promise<PageContent> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    paths.map(async (path) => {
      try {
        answers[path] = await fetchContent(path);
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

/** The content every matched route's loader answered, as one map by path. */
export function pageContentOf(matches: readonly Pick<UIMatch, 'data'>[]): PageContent {
  return Object.assign({}, ...matches.map(({ data }) => contentOf(data))) as PageContent;
}
