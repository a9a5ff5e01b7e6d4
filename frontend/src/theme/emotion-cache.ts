import createCache, { type EmotionCache } from '@emotion/cache';

// The app's emotion cache, on the server and in the browser. Its key is not emotion's default
// ('css') on purpose: @emotion/react makes a default cache as soon as it loads, and that cache would
// take the server's style tags and re-insert them. Re-inserting a stylesheet makes the browser parse
// it again and restyle the whole page, the longest task of a hydrating page on a slow phone.
export const EMOTION_KEY = 'atl';

/** On the server: compat makes the cache keep each rule it inserts, for serverStyleTags, instead of
 * returning it to be written inline beside its element. */
export function createServerEmotionCache(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  return cache;
}

/**
 * The browser's cache takes the server's style tags over where they stand. Emotion "inserts" each
 * one again (the first after its insertion point, which is the element just before it, a global
 * one before the first regular one); the DOM would take it out and put it back, and the browser
 * would then restyle the whole page. Styles added later go after them, as they would have.
 */
export function createBrowserEmotionCache(): EmotionCache {
  const serverStyles = document.querySelector(`style[data-emotion^="${EMOTION_KEY} "]`);
  const before = serverStyles?.previousElementSibling;
  return createCache({
    key: EMOTION_KEY,
    container: headKeepingPlacedTags(),
    insertionPoint: before instanceof HTMLElement ? before : undefined,
  });
}

/** document.head as emotion's sheets use it (insertBefore; firstChild to prepend), except that a tag already in place stays untouched. */
function headKeepingPlacedTags(): Node {
  const head = document.head;
  const container: Pick<Node, 'insertBefore' | 'firstChild'> = {
    insertBefore: <T extends Node>(node: T, child: Node | null): T =>
      node.parentNode === head && (child === node || node.nextSibling === child) ? node : head.insertBefore(node, child),
    get firstChild() {
      return head.firstChild;
    },
  };
  return container as Node;
}

/**
 * Every style the server's render inserted, as the <style data-emotion> tags emotion's server writes,
 * each marked as already placed (data-s, emotion's own mark: the default cache would otherwise move
 * it to the end of <head>, restyling the page). Not only the classes in the markup (emotion's
 * extractCritical): MUI's styled layers also insert the classes they merge into the final ones, and
 * hydration would otherwise add those as new rules. A global style gets a tag of its own.
 */
export function serverStyleTags(cache: EmotionCache): string {
  const regular = { key: cache.key, ids: [] as string[], css: '' };
  const tags: (typeof regular)[] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      tags.push({ key: `${cache.key}-global`, ids: [id], css });
    } else {
      regular.ids.push(id);
      regular.css += css;
    }
  }
  tags.push(regular);
  return tags.map(({ key, ids, css }) => `<style data-s="" data-emotion="${key} ${ids.join(' ')}">${css}</style>`).join('');
}
