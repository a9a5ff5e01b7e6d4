import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminJob, JobsSummary, PurgeJobsResult } from '@atelier/contracts';
import { adminJobSchema, jobsSummarySchema, purgeJobsResultSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../../common/guards/admin-token.guard';
import { ApiErrors, ApiZodResponse, ZodBody, ZodQuery } from '../../../common/openapi/api-zod.decorators';
import { listJobsQuery, purgeJobsBody, type ListJobsQuery, type PurgeJobsBody } from '../generation.schemas';
import { AdminJobsService } from './admin-jobs.service';

/**
 * Generation jobs for the owner (`atelier jobs ...`). Ids are not validated as UUIDs here: any text is
 * looked up, and an id that names no job is simply not found, as on /api/job-status.
 */
@ApiTags('admin: jobs')
@AdminOnly()
@Controller('admin/jobs')
export class AdminJobsController {
  constructor(private readonly jobs: AdminJobsService) {}

  @Get()
  @ApiZodResponse(200, z.array(adminJobSchema), { description: 'Jobs newest first, at most `limit` (default 50, max 500), optionally of one status' })
  list(@ZodQuery(listJobsQuery) query: ListJobsQuery): Promise<AdminJob[]> {
    return this.jobs.list(query);
  }

  @Get('summary')
  @ApiZodResponse(200, jobsSummarySchema, { description: 'The dispatcher and the number of jobs of each status (atelier status)' })
  summary(): Promise<JobsSummary> {
    return this.jobs.summary();
  }

  @Post('purge')
  @HttpCode(200)
  @ApiZodResponse(200, purgeJobsResultSchema, { description: 'Deletes finished jobs (and their pictures) that finished more than olderThanMinutes ago' })
  purge(@ZodBody(purgeJobsBody) body: PurgeJobsBody): Promise<PurgeJobsResult> {
    return this.jobs.purge(body.olderThanMinutes);
  }

  @Get(':id')
  @ApiZodResponse(200, adminJobSchema, { description: 'The job' })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<AdminJob> {
    return this.jobs.get(id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiZodResponse(200, adminJobSchema, { description: 'The job, now CANCELLED; 409 if it had already finished' })
  @ApiErrors(404, 409)
  cancel(@Param('id') id: string): Promise<AdminJob> {
    return this.jobs.cancel(id);
  }

  @Post(':id/retry')
  @HttpCode(202)
  @ApiZodResponse(202, adminJobSchema, {
    description: 'The new queued job that runs the same prompt again; 409 unless the job ended ERROR, CANCELLED or TIMED_OUT',
  })
  @ApiErrors(404, 409)
  retry(@Param('id') id: string): Promise<AdminJob> {
    return this.jobs.retry(id);
  }
}
