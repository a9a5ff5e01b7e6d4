import { Inject, Injectable } from '@nestjs/common';
import type { ExamplePage } from '@atelier/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../../../db/database.module';
import type { Database } from '../../../db/database';
import { generationExamples, type GenerationExampleRow } from '../../../db/schema/generation-examples.table';

export type ExampleRow = GenerationExampleRow;
export type ExampleValues = Omit<typeof generationExamples.$inferInsert, 'updatedAt'>;

const at = (page: ExamplePage, position: number) => and(eq(generationExamples.page, page), eq(generationExamples.position, position));

@Injectable()
export class ExamplesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Forge's before Dream's, each in position order. */
  async list(): Promise<ExampleRow[]> {
    return this.db
      .select()
      .from(generationExamples)
      .orderBy(sql`${generationExamples.page} = 'dream'`, asc(generationExamples.position));
  }

  async find(page: ExamplePage, position: number): Promise<ExampleRow | undefined> {
    const [row] = await this.db.select().from(generationExamples).where(at(page, position));
    return row;
  }

  /**
   * Puts `values` at their page and position and answers the row with the picture it replaced. The
   * old row is read under a lock, so of two replacements at once each learns the picture it took
   * the place of (and no upload is left without a row, nor removed while one shows it).
   */
  async replace(values: ExampleValues): Promise<{ row: ExampleRow; previous: string | undefined }> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ picture: generationExamples.picture })
        .from(generationExamples)
        .where(at(values.page, values.position))
        .for('update');
      const changes = { ...values, updatedAt: new Date() };
      const [row] = await tx
        .insert(generationExamples)
        .values(changes)
        .onConflictDoUpdate({ target: [generationExamples.page, generationExamples.position], set: changes })
        .returning();
      return { row, previous: old?.picture };
    });
  }

  /** Records a drawn picture's hash, if the example still shows it and none is recorded. */
  async recordHash(page: ExamplePage, position: number, picture: string, contentHash: string): Promise<void> {
    await this.db
      .update(generationExamples)
      .set({ contentHash })
      .where(and(at(page, position), eq(generationExamples.picture, picture), isNull(generationExamples.contentHash)));
  }
}
