import type { ContentService } from '../content/content.service';

/**
 * Answers a public content path (`/content/site`, `/content/projects/solar`) as GET /api<path>
 * would, in-process: what the server render of a page asks for. Unknown paths and missing
 * projects throw, as their API calls fail. The answer goes through JSON, as over HTTP.
 */
export function contentByPath(content: ContentService): (path: string) => Promise<unknown> {
  return async (path) => {
    const project = /^\/content\/projects\/([^/]+)$/.exec(path);
    const value = project ? await content.project(decodeURIComponent(project[1])) : await collection(content, path);
    return JSON.parse(JSON.stringify(value)) as unknown;
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
