import { AppError } from '../../common/errors/app-error';
import type { ContentService } from '../content/content.service';

/**
 * Answers a public content path (`/content/site`, `/content/projects/solar`) as GET /api<path>
 * would, in-process: what the server render of a page asks for. A missing project is null (its page
 * answers 404); unknown paths throw, as their API calls fail. The content serializers answer plain JSON values (no
 * Date or class instances), so the answer is used as it is, without a JSON round trip per request.
 */
export function contentByPath(content: ContentService): (path: string) => Promise<unknown> {
  return async (path) => {
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
