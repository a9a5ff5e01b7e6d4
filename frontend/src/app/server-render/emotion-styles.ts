import type { EmotionCache } from '@emotion/cache';
import type { EmotionCriticalToChunks } from '@emotion/server/create-instance';

/**
 * The page's style chunks as emotion's extractCriticalToChunks finds them in the markup, plus the
 * styles of the outer layers of composed components. `styled(Typography)` (MUI's Link, IconButton,
 * Switch…) inserts the outer layer's styles under a class name of their own, then hands that class to
 * the inner layer, which merges it into the class the element gets; the outer class never reaches the
 * HTML, so emotion leaves its styles out. The browser's cache, knowing only the ids the server's style
 * tags list, then parses and inserts every one of them while committing the hydration: on the home
 * page 56 rules, the largest part of the longest task after the page is on screen.
 */
export function withComposedLayers(chunks: EmotionCriticalToChunks, cache: EmotionCache): EmotionCriticalToChunks {
  const shipped = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const layers = Object.keys(cache.inserted).filter(
    // A string is a rule this render inserted (`true` marks one a style tag brought); a registered
    // class is a component's (global styles are not registered, and emotion ships all of them).
    (id) => !shipped.has(id) && typeof cache.inserted[id] === 'string' && cache.registered[`${cache.key}-${id}`] !== undefined,
  );
  if (layers.length === 0) return chunks;
  const css = layers.map((id) => cache.inserted[id] as string).join('');
  return { ...chunks, styles: [...chunks.styles, { key: cache.key, ids: layers, css }] };
}

/**
 * The page's style tags, each marked as one emotion has taken over (`data-s`). Emotion's default
 * cache, made as @emotion/react loads, moves every unmarked server tag to the end of <head>, out of
 * React's way; these are at the end of <head> already, and moving a tag re-applies its stylesheet:
 * a recalculation of every element's style, after the page is on screen. The app's cache takes them
 * over where they are (theme/emotion-cache.ts).
 */
export const markedTakenOver = (styleTags: string): string => styleTags.replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
