import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { GpuWorker, WorkerTestResult } from '@atelier/contracts';
import { AdminOnly } from '../../../common/guards/admin-token.guard';
import { ZodValidationPipe } from '../../../common/validation/zod-validation.pipe';
import { registerWorkerBody, updateWorkerBody, workerParams, type RegisterWorkerBody, type UpdateWorkerBody } from '../generation.schemas';
import { WorkersService } from './workers.service';

const workerId = new ZodValidationPipe(workerParams);

/** GPU worker registry for the owner (`atelier workers ...`); credentials go in, never out. */
@ApiTags('admin: workers')
@AdminOnly()
@Controller('admin/workers')
export class AdminWorkersController {
  constructor(private readonly workers: WorkersService) {}

  @Get()
  @ApiOkResponse({ description: 'Every registered worker with its health, load and last contact' })
  list(): Promise<GpuWorker[]> {
    return this.workers.list();
  }

  @Post()
  register(@Body(new ZodValidationPipe(registerWorkerBody)) body: RegisterWorkerBody): Promise<GpuWorker> {
    return this.workers.register(body);
  }

  @Get(':id')
  get(@Param(workerId) { id }: { id: string }): Promise<GpuWorker> {
    return this.workers.get(id);
  }

  @Patch(':id')
  update(@Param(workerId) { id }: { id: string }, @Body(new ZodValidationPipe(updateWorkerBody)) body: UpdateWorkerBody): Promise<GpuWorker> {
    return this.workers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed; jobs it ran keep its id' })
  remove(@Param(workerId) { id }: { id: string }): Promise<void> {
    return this.workers.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOkResponse({ description: 'One small real generation through the worker, with its timing' })
  test(@Param(workerId) { id }: { id: string }): Promise<WorkerTestResult> {
    return this.workers.test(id);
  }
}
