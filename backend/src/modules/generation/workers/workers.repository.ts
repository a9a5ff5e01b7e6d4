import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { WorkerHealth } from '@atelier/contracts';
import { DATABASE } from '../../../db/database.module';
import type { Database } from '../../../db/database';
import { gpuWorkers, type GpuWorkerRow } from '../../../db/schema/gpu-workers.table';

export type WorkerRow = GpuWorkerRow;
export type NewWorkerRow = typeof gpuWorkers.$inferInsert;
export type WorkerChanges = Partial<
  Pick<NewWorkerRow, 'name' | 'url' | 'apiKey' | 'gpu' | 'concurrency' | 'enabled' | 'checkpoint' | 'runpodImage' | 'inputTemplate' | 'health' | 'healthError' | 'model'>
>;

@Injectable()
export class WorkersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async list(): Promise<WorkerRow[]> {
    return this.db.select().from(gpuWorkers).orderBy(asc(gpuWorkers.createdAt), asc(gpuWorkers.name));
  }

  async findById(id: string): Promise<WorkerRow | undefined> {
    const [row] = await this.db.select().from(gpuWorkers).where(eq(gpuWorkers.id, id));
    return row;
  }

  async insert(values: NewWorkerRow): Promise<WorkerRow> {
    const [row] = await this.db.insert(gpuWorkers).values(values).returning();
    return row;
  }

  async update(id: string, changes: WorkerChanges): Promise<WorkerRow | undefined> {
    const [row] = await this.db.update(gpuWorkers).set(changes).where(eq(gpuWorkers.id, id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(gpuWorkers).where(eq(gpuWorkers.id, id)).returning({ id: gpuWorkers.id });
    return rows.length > 0;
  }

  /**
   * Records a health check's outcome; an answer (healthy or degraded) also counts as being seen, and
   * the model it named replaces the one known before.
   */
  async recordHealth(id: string, health: WorkerHealth, error: string | null, model?: string | null): Promise<void> {
    const answered = health === 'healthy' || health === 'degraded';
    await this.db
      .update(gpuWorkers)
      .set({ health, healthError: error, ...(answered ? { lastSeenAt: sql`now()`, model: model ?? null } : {}) })
      .where(eq(gpuWorkers.id, id));
  }
}
