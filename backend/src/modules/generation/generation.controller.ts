import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { GenerationInfo, JobStatusResponse, StartedJob } from '@atelier/contracts';
import { generationInfoSchema, jobStatusResponseSchema, startedJobSchema } from '@atelier/contracts/schemas';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppError } from '../../common/errors/app-error';
import { ApiErrors, ApiZodParams, ApiZodResponse, ZodBody } from '../../common/openapi/api-zod.decorators';
import { RateLimited } from '../../common/rate-limit/rate-limits';
import { isJobId, jobIdParams, startDreamBody, startJobBody, type StartDreamBody, type StartJobBody } from './generation.schemas';
import { JobsService } from './jobs/jobs.service';
import { WorkersService } from './workers/workers.service';

/** The Forge and Dream-o-matic API, public (docs/requirements/ai-demos.md); starting jobs is limited per client IP. */
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
  @ApiZodResponse(202, startedJobSchema, { description: 'The job is queued: poll GET /api/job-status/{id}' })
  @ApiErrors(503)
  startJob(@ZodBody(startJobBody) body: StartJobBody): Promise<StartedJob> {
    return this.jobs.startPrompt(body.prompt);
  }

  @Post('start-dream')
  @HttpCode(202)
  @RateLimited('generation')
  @ApiZodResponse(202, startedJobSchema, { description: 'The dream job is queued: poll GET /api/job-status/{id}' })
  @ApiErrors(503)
  startDream(@ZodBody(startDreamBody) body: StartDreamBody): Promise<StartedJob> {
    return this.jobs.startDream(body.mode);
  }

  @Get('job-status/:id')
  @ApiZodParams(jobIdParams)
  @ApiZodResponse(200, jobStatusResponseSchema, { description: 'Status, timings and, once COMPLETED, the picture as base64 PNG' })
  @ApiErrors(404)
  async status(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<JobStatusResponse> {
    reply.header('Cache-Control', 'no-store');
    if (!isJobId(id)) throw new AppError('NOT_FOUND', `No generation job with id ${id}`);
    return this.jobs.status(id);
  }

  @Get('generation/info')
  @ApiZodResponse(200, generationInfoSchema, { description: 'Who draws the pictures: the models and GPU labels of the healthy workers, or the built-in renderer' })
  info(): Promise<GenerationInfo> {
    return this.workers.info();
  }
}
