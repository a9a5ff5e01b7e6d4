import type { ContentService } from '../content/content.service';

/**
 * Answers a public content path (`/content/site`, `/content/projects/solar`) as GET /api<path>
 * would, in-process: what the server render of a page asks for. Unknown paths and missing
 * projects throw, as their API calls fail. The content serializers answer plain JSON values (no
 * Date or class instances), so the answer is used as it is, without a JSON round trip per request.
 */
export function contentByPath(content: ContentService): (path: string) => Promise<unknown> {
  return async (path) => {
    const project = /^\/content\/projects\/([^/]+)$/.exec(path);
    return project ? content.project(decodeURIComponent(project[1])) : collection(content, path);
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
