import createCache, { type EmotionCache } from '@emotion/cache';
import { css } from '@emotion/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserEmotionCache, EMOTION_KEY, serverStyleTags } from './emotion-cache';

// What a server render leaves in its cache (createServerEmotionCache; emotion's server build keeps
// each inserted rule, and registers the styles of each class name). Only emotion's browser build
// runs here, so the cache is written out as the server's would be.
const renderedServerCache = {
  key: EMOTION_KEY,
  inserted: { g1: 'body{margin:0;}', a1: `.${EMOTION_KEY}-a1{color:red;}`, b2: `.${EMOTION_KEY}-b2{color:blue;}`, c3: true },
  registered: { [`${EMOTION_KEY}-a1`]: 'color:red;', [`${EMOTION_KEY}-b2`]: 'color:blue;' },
} as unknown as EmotionCache;

// A server-rendered page's style tags, as entry-server.tsx writes them at the end of <head>.
function serverRenderedHead(): { global: Element; regular: Element } {
  document.head.innerHTML = '<meta name="description" content="page">' + serverStyleTags(renderedServerCache);
  const [global, regular] = document.head.querySelectorAll('style');
  return { global, regular };
}

/** The element changes made to <head> while `act` runs. */
function headChanges(act: () => void): MutationRecord[] {
  const observer = new MutationObserver(() => {});
  observer.observe(document.head, { childList: true });
  act();
  const records = observer.takeRecords();
  observer.disconnect();
  return records;
}

describe('the emotion cache of a server-rendered page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("writes the server's style tags, a global one apart, with their ids, marked as placed", () => {
    serverRenderedHead();
    expect(document.head.innerHTML).toBe(
      '<meta name="description" content="page">' +
        `<style data-s="" data-emotion="${EMOTION_KEY}-global g1">body{margin:0;}</style>` +
        `<style data-s="" data-emotion="${EMOTION_KEY} a1 b2">.${EMOTION_KEY}-a1{color:red;}.${EMOTION_KEY}-b2{color:blue;}</style>`,
    );
  });

  it("takes the server's styles over without moving their tags, which would restyle the page", () => {
    const { global, regular } = serverRenderedHead();
    let cache: EmotionCache | undefined;
    // emotion's default cache, made as @emotion/react loads, leaves tags marked as placed alone too
    const changes = headChanges(() => {
      cache = createBrowserEmotionCache();
      createCache({ key: 'css' });
      // as a <Global> component takes its server tag over: inserted before the first regular tag
      cache.sheet.container.insertBefore(global, regular);
    });
    expect(changes).toEqual([]);
    expect(cache?.inserted).toMatchObject({ a1: true, b2: true });
    expect([...document.head.children].slice(-2)).toEqual([global, regular]);
  });

  it("adds the browser's own styles after the server's", () => {
    const { regular } = serverRenderedHead();
    const cache = createBrowserEmotionCache();
    const style = css({ color: 'green' });
    const changes = headChanges(() => cache.insert(`.${EMOTION_KEY}-${style.name}`, style, cache.sheet, true));
    expect(changes.flatMap((change) => [...change.addedNodes])).toHaveLength(1);
    expect(regular.nextElementSibling?.getAttribute('data-emotion')).toBe(EMOTION_KEY);
  });

  it('without a server render, adds its styles to <head> as emotion does', () => {
    const cache = createBrowserEmotionCache();
    const style = css({ color: 'green' });
    cache.insert(`.${EMOTION_KEY}-${style.name}`, style, cache.sheet, true);
    expect(document.head.lastElementChild?.getAttribute('data-emotion')).toBe(EMOTION_KEY);
  });
});
