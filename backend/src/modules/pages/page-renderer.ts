import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { RenderedPage, ServerEntry } from '@atelier/contracts';
import type { PageRequest } from '../../common/http/frontend';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { PublicReadsService } from './public-reads.service';

/** Loads the frontend's server render. */
export type ServerEntryLoader = () => Promise<ServerEntry>;
export const SERVER_ENTRY_LOADER = Symbol('SERVER_ENTRY_LOADER');

/** The frontend package's `./server` export: its `vite build --ssr` output (dist-server/), typed by frontend/server.d.ts. */
export const loadServerEntry: ServerEntryLoader = () => import('@atelier/frontend/server');

/**
 * index.html with the build's own stylesheets (/static/*.css) inlined: a server-rendered page then
 * paints as soon as it arrives, without a further round trip. The files stay for the app shell.
 * Each link stays too, disabled (neither fetched nor applied): before the app loads a chunk, Vite's
 * loader adds the stylesheets the chunk depends on, which include index.html's own, unless the page
 * links them already; added again, they would make the browser restyle and lay out the whole page.
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const href = /\bhref="(\/static\/[^"?#]+\.css)"/.exec(tag)?.[1];
    const file = href && path.join(distDir, href);
    if (!file || !file.startsWith(path.join(distDir, 'static') + path.sep) || !fs.existsSync(file)) return tag;
    const css = fs.readFileSync(file, 'utf8');
    return css.includes('</') ? tag : `<style>${css}</style>${tag.replace(/\s*\/?>$/, ' disabled>')}`;
  });
}

/**
 * Renders the public showcase pages on the server (the frontend's own render, with content read
 * in-process through PublicReadsService), so they paint before the app's code arrives. Without a
 * server build, or when a render fails, the page is the plain app shell and the browser renders it.
 */
@Injectable()
export class PageRenderer implements OnModuleInit {
  private readonly logger = new Logger(PageRenderer.name);
  private entry: ServerEntry | null = null;
  private readonly template: string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly reads: PublicReadsService,
    @Inject(SERVER_ENTRY_LOADER) private readonly loadEntry: ServerEntryLoader,
  ) {
    const indexFile = path.join(config.frontendDist, 'index.html');
    this.template = fs.existsSync(indexFile) ? inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), config.frontendDist) : null;
  }

  /** Loads the server render only where there is a browser build to put its pages in. */
  async onModuleInit(): Promise<void> {
    if (this.template === null) return;
    try {
      this.entry = await this.loadEntry();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
        this.logger.warn(`No server render (build the frontend: ${String(error)}); every page is rendered in the browser`);
      } else {
        this.logger.error(`Could not load the server render; every page is rendered in the browser: ${String(error)}`);
      }
    }
  }

  /** The page's first HTML and status, or null when the app shell (index.html) should answer as it is. */
  async render(request: PageRequest): Promise<RenderedPage | null> {
    if (!this.entry || this.template === null) return null;
    const url = new URL(request.url, 'http://localhost');
    try {
      return await this.entry.renderPage({ url: url.href, template: this.template }, this.reads);
    } catch (error) {
      this.logger.error(`Server render of ${url.pathname} failed; answering the app shell: ${String(error)}`);
      return null;
    }
  }
}
