import type { BuildManifest } from '@atelier/contracts';

/**
 * `<link rel="modulepreload">` tags for the chunks of these modules and all they import, as the
 * browser build's manifest names them, leaving out those the page links already (index.html names
 * the app's start: vite/start-preloads.ts). Starting the app then asks for none: Vite's preload
 * helper adds a link for each chunk an import() needs unless the document has one, an appendChild
 * each, 10-25 ms of one task on a desktop CPU for a page's chunks, after the page is on screen. The
 * browser also fetches them with the page, at low priority: its content is already there.
 */
export function chunkLinks(manifest: BuildManifest, modules: readonly string[], page: string): string {
  const files = new Set<string>();
  const seen = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const module of modules) add(module);
  return [...files]
    .filter((file) => !page.includes(`href="/${file}"`))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('');
}
