import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import type { PublicReads, ServerEntry } from '@atelier/contracts';
import type { AppConfig } from '../../config/app-config';
import { PageRenderer, type ServerEntryLoader } from './page-renderer';
import type { PublicReadsService } from './public-reads.service';

describe('PageRenderer', () => {
  let dist: string;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pages-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const reads = {} as PublicReads as PublicReadsService;
  const rendererWith = async (load: ServerEntryLoader) => {
    const renderer = new PageRenderer({ frontendDist: dist } as AppConfig, reads, load);
    await renderer.onModuleInit();
    return renderer;
  };
  const missingBuild = () => Promise.reject(Object.assign(new Error("Cannot find module 'dist-server/entry-server.cjs'"), { code: 'MODULE_NOT_FOUND' }));

  it('answers the app shell, and says why once, when the frontend has no server build', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const renderer = await rendererWith(missingBuild);
    expect(await renderer.render({ url: '/gallery' })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/No server render .*every page is rendered in the browser/);
  });

  it('hands the server build the page, index.html and the in-process reads', async () => {
    const renderPage = jest.fn<ReturnType<ServerEntry['renderPage']>, Parameters<ServerEntry['renderPage']>>(async () => ({ status: 200, html: 'page' }));
    const renderer = await rendererWith(async () => ({ renderPage }));
    expect(await renderer.render({ url: '/gallery?x=1' })).toEqual({ status: 200, html: 'page' });
    expect(renderPage).toHaveBeenCalledWith({ url: 'http://localhost/gallery?x=1', template: expect.stringContaining('<div id="root">') }, reads);
  });

  it('does not load the server build where there is no browser build to put its pages in', async () => {
    fs.rmSync(path.join(dist, 'index.html'));
    const load = jest.fn(missingBuild);
    expect(await (await rendererWith(load)).render({ url: '/' })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
