import { Inject, Injectable } from '@nestjs/common';
import type { MailStatus } from '@atelier/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { contactMessages } from '../../db/schema/contact-messages.table';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'message' | 'clientAddress' | 'mailStatus'>;

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(message: NewContactMessage): Promise<ContactMessageRow> {
    const [row] = await this.db.insert(contactMessages).values(message).returning();
    return row;
  }

  /** Newest first. */
  list(limit: number): Promise<ContactMessageRow[]> {
    return this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
  }

  /** The message, marked read now unless it was already (the first reading's time stays). */
  async markRead(id: string): Promise<ContactMessageRow | undefined> {
    await this.db
      .update(contactMessages)
      .set({ readAt: sql`now()` })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
    const [row] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  }

  async setMailStatus(id: string, mailStatus: MailStatus, mailError: string | null): Promise<void> {
    await this.db.update(contactMessages).set({ mailStatus, mailError }).where(eq(contactMessages.id, id));
  }

  /** False when there was no such message. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return removed.length > 0;
  }
}
