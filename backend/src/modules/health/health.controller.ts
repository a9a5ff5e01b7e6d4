import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse } from '@atelier/contracts';
import { healthResponseSchema } from '@atelier/contracts/schemas';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { ApiZodResponse } from '../../common/openapi/api-zod.decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiZodResponse(200, healthResponseSchema, { description: 'The API and its database answer' })
  @ApiZodResponse(503, healthResponseSchema, { description: 'The database does not answer: the same report, status degraded' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const report = await this.health.check();
    reply.header('Cache-Control', 'no-store');
    // Load balancers and orchestrators read the status code, people read the body.
    if (!report.database.ok) reply.code(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
