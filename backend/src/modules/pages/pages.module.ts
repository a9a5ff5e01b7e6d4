import { Module } from '@nestjs/common';
import { BotFolkModule } from '../botfolk/botfolk.module';
import { ContentModule } from '../content/content.module';
import { PageRenderer } from './page-renderer';

/** Server-rendered public pages (see PageRenderer); served by common/http/frontend. */
@Module({
  imports: [ContentModule, BotFolkModule],
  providers: [PageRenderer],
  exports: [PageRenderer],
})
export class PagesModule {}
