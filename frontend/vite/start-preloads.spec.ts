import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { startChunks } from './start-preloads';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as OutputChunk;

describe('startChunks', () => {
  it("lists the chunks the entry starts with import() and all they import, once each, but not the entry's other chunks", () => {
    const bundle = {
      'static/index.js': chunk('static/index.js', [], ['static/start-app.js', 'static/react.js']),
      'static/start-app.js': chunk('static/start-app.js', ['static/react.js', 'static/theme.js', 'static/index.js'], ['static/home-page.js']),
      'static/react.js': chunk('static/react.js'),
      'static/theme.js': chunk('static/theme.js', ['static/react.js']),
      'static/home-page.js': chunk('static/home-page.js', ['static/react.js']),
      'static/index.css': { type: 'asset', fileName: 'static/index.css' },
    } as unknown as OutputBundle;

    expect(startChunks(bundle, 'static/index.js')).toEqual(['static/start-app.js', 'static/react.js', 'static/theme.js']);
  });
});
