import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { GpuWorker, WorkerTestResult } from '@atelier/contracts';
import { gpuWorkerSchema, workerTestResultSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../../common/guards/admin-token.guard';
import { ApiErrors, ApiZodResponse, ZodBody, ZodParams } from '../../../common/openapi/api-zod.decorators';
import { registerWorkerBody, updateWorkerBody, workerParams, type RegisterWorkerBody, type UpdateWorkerBody } from '../generation.schemas';
import { WorkersService } from './workers.service';

/** GPU worker registry for the owner (`atelier workers ...`); credentials go in, never out. */
@ApiTags('admin: workers')
@AdminOnly()
@Controller('admin/workers')
export class AdminWorkersController {
  constructor(private readonly workers: WorkersService) {}

  @Get()
  @ApiZodResponse(200, z.array(gpuWorkerSchema), { description: 'Every registered worker with its health, load and last contact' })
  list(): Promise<GpuWorker[]> {
    return this.workers.list();
  }

  @Post()
  @ApiZodResponse(201, gpuWorkerSchema, { description: 'The registered worker (checked first unless check is false)' })
  @ApiErrors(409, 503)
  register(@ZodBody(registerWorkerBody) body: RegisterWorkerBody): Promise<GpuWorker> {
    return this.workers.register(body);
  }

  @Get(':id')
  @ApiZodResponse(200, gpuWorkerSchema, { description: 'The worker' })
  @ApiErrors(404)
  get(@ZodParams(workerParams) { id }: { id: string }): Promise<GpuWorker> {
    return this.workers.get(id);
  }

  @Patch(':id')
  @ApiZodResponse(200, gpuWorkerSchema, { description: 'The worker with the changes' })
  @ApiErrors(404, 409)
  update(@ZodParams(workerParams) { id }: { id: string }, @ZodBody(updateWorkerBody) body: UpdateWorkerBody): Promise<GpuWorker> {
    return this.workers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed; jobs it ran keep its id' })
  @ApiErrors(404)
  remove(@ZodParams(workerParams) { id }: { id: string }): Promise<void> {
    return this.workers.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiZodResponse(200, workerTestResultSchema, { description: 'One small real generation through the worker, with its timing' })
  @ApiErrors(404, 503)
  test(@ZodParams(workerParams) { id }: { id: string }): Promise<WorkerTestResult> {
    return this.workers.test(id);
  }
}
