import { describe, expect, it } from 'vitest';
import { chunkLinks } from './chunk-links';

const manifest = {
  'src/features/home/home-page.tsx': { file: 'static/home-page-1.js', imports: ['_Chip-1.js', '_react-1.js'] },
  '_Chip-1.js': { file: 'static/Chip-1.js', imports: ['_react-1.js', '_Paper-1.js'] },
  '_Paper-1.js': { file: 'static/Paper-1.js', imports: ['_Chip-1.js'] },
  '_react-1.js': { file: 'static/react-1.js' },
};

describe('chunkLinks', () => {
  it("preloads each chunk of the modules and of what they import once, skipping those the page links and modules the manifest doesn't name", () => {
    const page = '<head><link rel="modulepreload" crossorigin href="/static/react-1.js"></head>';

    expect(chunkLinks(manifest, ['src/features/home/home-page.tsx', 'src/features/nowhere.tsx'], page)).toBe(
      [
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/static/home-page-1.js">',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/static/Chip-1.js">',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/static/Paper-1.js">',
      ].join(''),
    );
  });
});
