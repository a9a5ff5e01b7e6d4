import { Logger } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error';
import { loadAppConfig } from '../../../config/app-config';
import type { DatabaseHandle } from '../../../db/database';
import { JobMaintenance } from '../jobs/job-maintenance';
import type { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import type { ResultFiles } from '../results/result-files';
import { JobDispatcher, QueueUnavailableError, type DeliveryOptions } from './job-dispatcher';

/** A queue whose connection the test takes down and brings back, as Redis going away and returning. */
class SwitchableQueue extends JobDispatcher {
  readonly name = 'bullmq';
  up = true;
  readonly delivered: string[] = [];
  readonly freshDeliveries: string[] = [];
  private readonly reconnectListeners: Array<() => void> = [];

  available(): boolean {
    return this.up;
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  async enqueue(jobId: string, options: DeliveryOptions = {}): Promise<void> {
    if (!this.up) throw new QueueUnavailableError();
    this.delivered.push(jobId);
    if (options.fresh) this.freshDeliveries.push(jobId);
  }

  comeBack(): void {
    this.up = true;
    for (const listener of this.reconnectListeners) listener();
  }
}

/** Just the jobs table calls these paths make, over an array. */
function jobsTable(queuedIds: string[]) {
  const inserted: string[] = [];
  const table = {
    inserted,
    insertWithinCap: async ({ prompt }: { prompt: string }, cap: number) => {
      if (queuedIds.length >= cap) return undefined;
      const id = `job-${inserted.length + 1}`;
      inserted.push(prompt);
      queuedIds.push(id);
      return { id };
    },
    queued: async () => queuedIds.map((id) => ({ id, attempts: 0 })),
    recoverInterrupted: async () => ({ requeued: [], failed: [] }),
    timeOutQueued: async () => [],
  };
  return table;
}

const config = loadAppConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0', LOG_LEVEL: 'silent' }, '/srv/atelier');

describe('generation while the job queue is down', () => {
  it('refuses a new job with 503 before storing it, and takes jobs again once the queue is back', async () => {
    const queue = new SwitchableQueue();
    const table = jobsTable([]);
    const service = new JobsService(table as unknown as JobsRepository, queue, {} as ResultFiles, config);

    queue.up = false;
    const refused = await service.startPrompt('a lighthouse').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    expect(table.inserted).toEqual([]);

    queue.comeBack();
    const { id } = await service.startPrompt('a lighthouse');
    expect(table.inserted).toEqual(['a lighthouse']);
    expect(queue.delivered).toEqual([id]);
  });

  it('starts up without the queue, and delivers the jobs waiting in the database when it comes back', async () => {
    const queue = new SwitchableQueue();
    queue.up = false;
    const waiting = ['job-a', 'job-b'];
    const table = jobsTable(waiting);
    const jobsService = { deleteFinished: async () => 0 } as unknown as JobsService;
    const maintenance = new JobMaintenance(table as unknown as JobsRepository, queue, jobsService, {} as DatabaseHandle, config);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await maintenance.onApplicationBootstrap();
      expect(queue.delivered).toEqual([]);
      expect(warn).toHaveBeenCalledWith('2 queued job(s) wait for the job queue to answer');

      queue.comeBack();
      await new Promise((resolve) => setImmediate(resolve));
      expect(queue.delivered).toEqual(['job-a', 'job-b']);
    } finally {
      maintenance.onApplicationShutdown();
      warn.mockRestore();
    }
  });

  it('delivers queued jobs afresh at start-up, past deliveries a killed consumer may still hold', async () => {
    const queue = new SwitchableQueue();
    const table = jobsTable(['job-a']);
    const jobsService = { deleteFinished: async () => 0 } as unknown as JobsService;
    const maintenance = new JobMaintenance(table as unknown as JobsRepository, queue, jobsService, {} as DatabaseHandle, config);
    try {
      await maintenance.onApplicationBootstrap();
      expect(queue.freshDeliveries).toEqual(['job-a']);
    } finally {
      maintenance.onApplicationShutdown();
    }
  });
});
