import { Module } from '@nestjs/common';
import { BotFolkController } from './botfolk.controller';
import { BotFolkService } from './botfolk.service';

/** Bot Folk: synthetic individuals at /api/pyface (docs/requirements/ai-demos.md#bot-folk). */
@Module({
  controllers: [BotFolkController],
  providers: [BotFolkService],
  // The server render of /life draws its first individual in-process (modules/pages).
  exports: [BotFolkService],
})
export class BotFolkModule {}
