import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { RenderedPage, ServerEntry } from '@atelier/contracts';
import type { PageRequest } from '../../common/http/frontend';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { BotFolkService } from '../botfolk/botfolk.service';
import { ContentService } from '../content/content.service';
import { ExamplesService } from '../generation/examples/examples.service';
import { WorkersService } from '../generation/workers/workers.service';
import { contentByPath } from './content-by-path';

/** Where `npm run build -w frontend` puts the server render: beside the browser build. */
export function serverEntryFor(frontendDist: string): string {
  return path.join(path.dirname(frontendDist), 'dist-server', 'entry-server.cjs');
}

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
 * in-process), so they paint before the app's code arrives. Without a server build, or when a
 * render fails, the page is the plain app shell and the browser renders it, as before.
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger(PageRenderer.name);
  private readonly entry: ServerEntry | null;
  private readonly template: string | null;
  private readonly fetchContent: (path: string) => Promise<unknown>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, content: ContentService, botfolk: BotFolkService, modules: ModuleRef) {
    // The generation module is built per process role (GenerationModule.register): its services are
    // looked up in the application, not imported into this module.
    const generationInfo = () => modules.get(WorkersService, { strict: false }).info();
    const generationExamples = () => modules.get(ExamplesService, { strict: false }).list();
    this.fetchContent = contentByPath({ content, botfolk, generationInfo, generationExamples });
    const indexFile = path.join(config.frontendDist, 'index.html');
    const entryFile = serverEntryFor(config.frontendDist);
    this.template = fs.existsSync(indexFile) ? inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), config.frontendDist) : null;
    this.entry = this.template !== null && fs.existsSync(entryFile) ? this.load(entryFile) : null;
    if (this.template !== null && this.entry === null) {
      this.logger.warn(`No server render at ${entryFile}; every page is rendered in the browser`);
    }
  }

  /** The page's first HTML and status, or null when the app shell (index.html) should answer as it is. */
  async render(request: PageRequest): Promise<RenderedPage | null> {
    if (!this.entry || this.template === null) return null;
    const url = new URL(request.url, 'http://localhost');
    try {
      return await this.entry.renderPage({ url: url.href, template: this.template }, this.fetchContent);
    } catch (error) {
      this.logger.error(`Server render of ${url.pathname} failed; answering the app shell: ${String(error)}`);
      return null;
    }
  }

  private load(entryFile: string): ServerEntry | null {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output found at run time
      return require(entryFile) as ServerEntry;
    } catch (error) {
      this.logger.error(`Could not load the server render ${entryFile}: ${String(error)}`);
      return null;
    }
  }
}
