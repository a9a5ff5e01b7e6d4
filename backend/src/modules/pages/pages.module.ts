import { type DynamicModule, Module } from '@nestjs/common';
import { BotFolkModule } from '../botfolk/botfolk.module';
import { ContentModule } from '../content/content.module';
import { PageRenderer, SERVER_ENTRY_LOADER, loadServerEntry } from './page-renderer';
import { PublicReadsService } from './public-reads.service';

/** Server-rendered public pages (see PageRenderer); served by common/http/frontend. */
@Module({})
export class PagesModule {
  /**
   * `generation`: the application's own GenerationModule.register(…, 'api'), whose info and examples
   * the pages read. Nest makes one module of one object, so importing it here adds no second one.
   */
  static register(generation: Promise<DynamicModule>): DynamicModule {
    return {
      module: PagesModule,
      imports: [ContentModule, BotFolkModule, generation],
      providers: [PublicReadsService, PageRenderer, { provide: SERVER_ENTRY_LOADER, useValue: loadServerEntry }],
      exports: [PageRenderer],
    };
  }
}
