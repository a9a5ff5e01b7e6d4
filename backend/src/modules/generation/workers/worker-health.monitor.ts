import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { WorkersService } from './workers.service';

/** Health-checks every enabled GPU worker every WORKER_HEALTH_INTERVAL_SECONDS, in processes that run jobs. */
@Injectable()
export class WorkerHealthMonitor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthMonitor.name);
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly workers: WorkersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.check();
    this.timer = setInterval(() => this.check(), this.config.generation.workerHealthIntervalMs).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.shutdown.abort();
    await this.checking; // before the database closes
  }

  private check(): void {
    if (this.checking) return;
    this.checking = this.workers
      .checkAll(this.shutdown.signal)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Worker health checks failed'))
      .finally(() => (this.checking = undefined));
  }
}
