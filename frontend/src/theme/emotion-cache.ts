import createCache, { type EmotionCache } from '@emotion/cache';

// The app's emotion cache key, on the server (entry-server.tsx, with @emotion/server) and in the
// browser, where the cache takes over the server's style tags of this key. Not emotion's default
// ('css'): @emotion/react makes a default cache as soon as it loads, which must not share our tags.
export const EMOTION_KEY = 'atl';

export function createBrowserEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY });
}
