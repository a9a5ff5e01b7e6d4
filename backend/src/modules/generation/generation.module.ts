import { DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { InProcessDispatcher } from './dispatch/in-process.dispatcher';
import { JobDispatcher } from './dispatch/job-dispatcher';
import { AdminExamplesController } from './examples/admin-examples.controller';
import { ExamplesController } from './examples/examples.controller';
import { ExamplesRepository } from './examples/examples.repository';
import { ExamplesService } from './examples/examples.service';
import { GenerationController } from './generation.controller';
import { AdminJobsController } from './jobs/admin-jobs.controller';
import { AdminJobsService } from './jobs/admin-jobs.service';
import { JobMaintenance } from './jobs/job-maintenance';
import { JobRunner } from './jobs/job-runner';
import { JobsRepository } from './jobs/jobs.repository';
import { JobsService } from './jobs/jobs.service';
import { ResultFiles } from './results/result-files';
import { AdminWorkersController } from './workers/admin-workers.controller';
import { WorkerHealthMonitor } from './workers/worker-health.monitor';
import { WorkerPool } from './workers/worker-pool';
import { WorkersRepository } from './workers/workers.repository';
import { WorkersService } from './workers/workers.service';

/**
 * Jobs, dispatch, providers and GPU workers. `api` serves the HTTP routes and, unless
 * GENERATION_CONSUMER=false, runs jobs too; `worker` (the `npm run worker` process) only runs jobs.
 * The dispatcher is BullMQ when REDIS_URL is set, an in-process queue otherwise. BullMQ (and its
 * ioredis) are loaded only then: a site without Redis never uses them, and loading them cost every
 * start about a fifth of a second and 4 MB of heap.
 */
@Module({})
export class GenerationModule {
  static async register(config: AppConfig, role: 'api' | 'worker'): Promise<DynamicModule> {
    const runsJobs = role === 'worker' || config.generation.consumer;
    const bullMq = config.redisUrl
      ? (await import('./dispatch/bullmq.dispatcher')).bullMqWiring(config.redisUrl, config.generation.queuePrefix, runsJobs)
      : undefined;
    const dispatcher: Provider = { provide: JobDispatcher, useClass: bullMq?.dispatcher ?? InProcessDispatcher };
    const runners: Type[] = runsJobs ? [JobRunner, JobMaintenance, WorkerHealthMonitor, ...(bullMq?.consumers ?? [])] : [];
    return {
      module: GenerationModule,
      imports: [...(bullMq?.imports ?? []), ...(role === 'api' ? [RateLimitModule] : [])],
      controllers: role === 'api' ? [GenerationController, ExamplesController, AdminWorkersController, AdminExamplesController, AdminJobsController] : [],
      providers: [
        JobsRepository,
        WorkersRepository,
        ResultFiles,
        WorkerPool,
        WorkersService,
        JobsService,
        AdminJobsService,
        // The API serves the example pictures; the worker never does.
        ...(role === 'api' ? [ExamplesRepository, ExamplesService] : []),
        dispatcher,
        ...runners,
      ],
      // What the server render of the public pages reads (modules/pages), in the API only.
      exports: role === 'api' ? [WorkersService, ExamplesService] : [],
    };
  }
}
