import type { GenerationExamples, GenerationInfo } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { pyfaceQuery } from '../botfolk/botfolk.schemas';
import type { BotFolkService } from '../botfolk/botfolk.service';
import type { ContentService } from '../content/content.service';

/** Where the public reads come from. */
export interface PublicReaders {
  content: ContentService;
  botfolk: BotFolkService;
  /** GET /api/generation/info's answer. */
  generationInfo: () => Promise<GenerationInfo>;
  /** GET /api/generation/examples's answer. */
  generationExamples: () => Promise<GenerationExamples>;
}

/**
 * Answers a public read (`/content/site`, `/content/projects/solar`, `/pyface?dna=…`, `/generation/info`,
 * `/generation/examples`) as GET /api<path> would, in-process: what the server render of a page asks for. A missing project is null (its page
 * answers 404); unknown paths and bad queries throw, as their API calls fail. The answers are plain
 * JSON values (no Date or class instances), so they are used as they are, without a JSON round trip.
 */
export function contentByPath({ content, botfolk, generationInfo, generationExamples }: PublicReaders): (path: string) => Promise<unknown> {
  return async (path) => {
    const url = new URL(path, 'http://in-process');
    if (url.pathname === '/pyface') return botfolk.individual(pyfaceQuery.parse(Object.fromEntries(url.searchParams)));
    if (path === '/generation/info') return generationInfo();
    if (path === '/generation/examples') return generationExamples();
    const project = /^\/content\/projects\/([^/]+)$/.exec(path);
    return project ? projectOrNull(content, decodeURIComponent(project[1])) : collection(content, path);
  };
}

function collection(content: ContentService, path: string): Promise<unknown> {
  switch (path) {
    case '/content/site':
      return content.site();
    case '/content/gallery':
      return content.gallery();
    case '/content/exhibit':
      return content.exhibit();
    case '/content/resources':
      return content.resources();
    case '/content/trending':
      return content.trending();
    default:
      return Promise.reject(new Error(`No public content at ${path}`));
  }
}

async function projectOrNull(content: ContentService, slug: string): Promise<unknown> {
  try {
    return await content.project(slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
