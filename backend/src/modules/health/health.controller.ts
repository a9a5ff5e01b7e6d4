import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { HealthResponse } from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'The API and its database answer' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const report = await this.health.check();
    reply.header('Cache-Control', 'no-store');
    // Load balancers and orchestrators read the status code, people read the body.
    if (!report.database.ok) reply.code(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
