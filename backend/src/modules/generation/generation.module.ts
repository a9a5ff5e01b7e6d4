import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { BullMqDispatcher, GENERATION_QUEUE, GenerationProcessor, redisOptions } from './dispatch/bullmq.dispatcher';
import { InProcessDispatcher } from './dispatch/in-process.dispatcher';
import { JobDispatcher } from './dispatch/job-dispatcher';
import { ExampleImages } from './examples/example-images';
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
 * The dispatcher is BullMQ when REDIS_URL is set, an in-process queue otherwise.
 */
@Module({})
export class GenerationModule {
  static register(config: AppConfig, role: 'api' | 'worker'): DynamicModule {
    const redisUrl = config.redisUrl;
    const runsJobs = role === 'worker' || config.generation.consumer;
    // The consumers' queue (its options are what @Processor's worker connects with); the dispatcher
    // adds jobs through a producer connection of its own, which fails fast while Redis is down.
    const queue =
      redisUrl && runsJobs
        ? [
            BullModule.forRoot({ connection: redisOptions(redisUrl), prefix: config.generation.queuePrefix }),
            BullModule.registerQueue({ name: GENERATION_QUEUE }),
          ]
        : [];
    const dispatcher: Provider = { provide: JobDispatcher, useClass: redisUrl ? BullMqDispatcher : InProcessDispatcher };
    const runners: Type[] = runsJobs ? [JobRunner, JobMaintenance, WorkerHealthMonitor, ...(redisUrl ? [GenerationProcessor] : [])] : [];
    return {
      module: GenerationModule,
      imports: [...queue, ...(role === 'api' ? [RateLimitModule] : [])],
      controllers: role === 'api' ? [GenerationController, AdminWorkersController, AdminJobsController] : [],
      providers: [
        JobsRepository,
        WorkersRepository,
        ResultFiles,
        WorkerPool,
        WorkersService,
        JobsService,
        AdminJobsService,
        ExampleImages,
        dispatcher,
        ...runners,
      ],
    };
  }
}
