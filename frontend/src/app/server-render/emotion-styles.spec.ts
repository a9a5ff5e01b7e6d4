import type { EmotionCache } from '@emotion/cache';
import { describe, expect, it } from 'vitest';
import { withComposedLayers } from './emotion-styles';

// An emotion cache after a server render of a composed component (MUI's Link: styled(Typography)):
// the outer layer's class `outer` went to Typography's root, which merged it into `merged`, the
// element's class; `body` is a global style (not registered). On the server, emotion keeps each
// inserted rule's CSS in `inserted`; a style tag's ids are marked `true` instead (the browser's cache).
const cache = {
  key: 'atl',
  inserted: { body: 'body{margin:0;}', outer: '.atl-outer{font-weight:500;}', merged: '.atl-merged{color:red;font-weight:500;}', old: true },
  registered: { 'atl-outer': 'font-weight:500;', 'atl-merged': 'color:red;font-weight:500;' },
} as unknown as EmotionCache;

// What emotion's extractCriticalToChunks finds: the global style, and the classes in the HTML.
const found = {
  html: '<a class="atl-merged">link</a>',
  styles: [
    { key: 'atl-global', ids: ['body'], css: 'body{margin:0;}' },
    { key: 'atl', ids: ['merged'], css: '.atl-merged{color:red;font-weight:500;}' },
  ],
};

describe('withComposedLayers', () => {
  it('adds the styles of the outer layers, whose classes are not in the HTML, after what emotion found', () => {
    expect(withComposedLayers(found, cache)).toEqual({
      html: found.html,
      styles: [...found.styles, { key: 'atl', ids: ['outer'], css: '.atl-outer{font-weight:500;}' }],
    });
  });

  it('leaves the chunks as they are when every inserted class is in them', () => {
    const everything = { ...found, styles: [...found.styles, { key: 'atl', ids: ['outer'], css: '.atl-outer{font-weight:500;}' }] };
    expect(withComposedLayers(everything, cache)).toBe(everything);
  });
});
