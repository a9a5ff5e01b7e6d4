import createCache, { type EmotionCache } from '@emotion/cache';

// The app's emotion cache key, on the server (entry-server.tsx, with @emotion/server) and in the
// browser, where the cache takes over the server's style tags of this key. Not emotion's default
// ('css'): @emotion/react makes a default cache as soon as it loads, which must not share our tags.
export const EMOTION_KEY = 'atl';

/** What a server style tag of the app's components is named after it has been taken over. */
const TAKEN_OVER = `${EMOTION_KEY}-server`;

/**
 * The browser's cache. It takes over the server's style tags where they are: it is told which rules
 * they hold, as emotion's own hydration does (createCache reads the ids in `data-emotion`), but the
 * tags are renamed out of createCache's sight first, since its hydration moves each one to the end of
 * <head>, where the server put them already, and moving a tag re-applies its stylesheet (every
 * element's style recalculated, 8-13 ms on a desktop CPU, after the page is on screen). Rules the
 * browser adds go after them, as they would after hydrated tags.
 */
export function createBrowserEmotionCache(): EmotionCache {
  const serverTags = [...document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${EMOTION_KEY} "]`)];
  const ids = serverTags.flatMap((tag) => (tag.dataset.emotion ?? '').split(' ').slice(1));
  for (const tag of serverTags) tag.dataset.emotion = TAKEN_OVER;
  const cache = createCache({ key: EMOTION_KEY });
  for (const id of ids) cache.inserted[id] = true;
  return cache;
}
