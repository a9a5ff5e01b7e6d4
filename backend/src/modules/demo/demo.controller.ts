import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DemoRemoval } from '@atelier/contracts';
import { demoRemovalSchema } from '@atelier/contracts/schemas';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { ApiZodResponse, ZodBody, ZodQuery } from '../../common/openapi/api-zod.decorators';
import { demoQuery, demoRemoveBody, type DemoQuery, type DemoRemoveBody } from './demo.schemas';
import { DemoService } from './demo.service';

/** The demo's fictional content, for the owner who makes the site theirs (`atelier demo show|remove`, `atelier setup`). */
@ApiTags('admin: demo')
@AdminOnly()
@Controller('admin/demo')
export class AdminDemoController {
  constructor(private readonly demo: DemoService) {}

  @Get()
  @ApiZodResponse(200, demoRemovalSchema, { description: 'What POST /api/admin/demo/remove would remove, with the same options; nothing is removed' })
  show(@ZodQuery(demoQuery) { members }: DemoQuery): Promise<DemoRemoval> {
    return this.demo.remove({ members, dryRun: true });
  }

  @Post('remove')
  @HttpCode(200)
  @ApiZodResponse(200, demoRemovalSchema, {
    description: "What was removed, all in one transaction; then the seed's files nothing names any more. A second call removes nothing",
  })
  remove(@ZodBody(demoRemoveBody) { members }: DemoRemoveBody): Promise<DemoRemoval> {
    return this.demo.remove({ members, dryRun: false });
  }
}
