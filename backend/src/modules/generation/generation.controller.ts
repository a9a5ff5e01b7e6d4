import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { GenerationInfo, JobStatusResponse, StartedJob } from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppError } from '../../common/errors/app-error';
import { RateLimited } from '../../common/rate-limit/rate-limits';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import { isJobId, startDreamBody, startJobBody, type StartDreamBody, type StartJobBody } from './generation.schemas';
import { JobsService } from './jobs/jobs.service';
import { WorkersService } from './workers/workers.service';

/** The Forge and Dream-o-matic API, public as the spec has it; starting jobs is limited per client IP. */
@ApiTags('generation')
@Public()
@Controller()
export class GenerationController {
  constructor(
    private readonly jobs: JobsService,
    private readonly workers: WorkersService,
  ) {}

  @Post('start-job')
  @HttpCode(202)
  @RateLimited('generation')
  @ApiAcceptedResponse({ description: 'The job is queued: poll GET /api/job-status/{id}' })
  startJob(@Body(new ZodValidationPipe(startJobBody)) body: StartJobBody): Promise<StartedJob> {
    return this.jobs.startPrompt(body.prompt);
  }

  @Post('start-dream')
  @HttpCode(202)
  @RateLimited('generation')
  @ApiAcceptedResponse({ description: 'The dream job is queued: poll GET /api/job-status/{id}' })
  startDream(@Body(new ZodValidationPipe(startDreamBody)) body: StartDreamBody): Promise<StartedJob> {
    return this.jobs.startDream(body.mode);
  }

  @Get('job-status/:id')
  @ApiOkResponse({ description: 'Status, timings and, once COMPLETED, the picture as base64 PNG' })
  async status(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<JobStatusResponse> {
    reply.header('Cache-Control', 'no-store');
    if (!isJobId(id)) throw new AppError('NOT_FOUND', `No generation job with id ${id}`);
    return this.jobs.status(id);
  }

  @Get('generation/info')
  @ApiOkResponse({ description: 'The model and the GPU labels of the enabled registered workers' })
  info(): Promise<GenerationInfo> {
    return this.workers.info();
  }
}
