import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ContactMessage, ContactReceipt } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { clientAddressKey } from '../../common/rate-limit/client-address';
import { ContactMailer } from './contact-mailer';
import type { AdminMessageListQuery, ContactBody } from './messages.schemas';
import { MessagesRepository, type ContactMessageRow } from './messages.repository';

/** The same answer for a kept message and a bot's dropped one, so the trap does not show. */
const RECEIVED: ContactReceipt = { received: true };

/** A send that long gone without an outcome was cut off by its process stopping (a send takes at most a minute). */
const LOST_SEND_MS = 10 * 60_000;
const LOST_SEND_REASON = 'no outcome was recorded: the server stopped while the mail was being sent';

/** Mail servers can answer at length; the owner needs the first lines. */
const MAX_REASON_LENGTH = 1000;

function toContactMessage(row: ContactMessageRow, now = Date.now()): ContactMessage {
  const lost = row.mailStatus === 'sending' && now - row.createdAt.getTime() > LOST_SEND_MS;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    mailStatus: lost ? 'failed' : row.mailStatus,
    mailError: lost ? LOST_SEND_REASON : row.mailError,
    clientAddress: row.clientAddress,
  };
}

const noSuchMessage = (id: string) => new AppError('NOT_FOUND', `No message with id ${id}`);

/**
 * Messages visitors send the owner (`POST /api/contact`), and the owner's reading of them
 * (`/api/admin/messages`, `atelier messages ...`). A message is stored first and answered at once;
 * the mail to the owner (with SMTP_URL) goes afterwards, so a slow or refusing mail server never
 * keeps a visitor waiting or loses a message: the row records what became of the mail.
 */
@Injectable()
export class MessagesService implements OnModuleDestroy {
  private readonly logger = new Logger(MessagesService.name);
  /** Mails being sent, which a graceful stop lets finish (each is bounded by the mailer's time limits). */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly messages: MessagesRepository,
    private readonly mailer: ContactMailer,
  ) {}

  async receive({ website, ...fields }: ContactBody, clientIp: string): Promise<ContactReceipt> {
    if (website) {
      // Only a bot fills the hidden field: nothing is stored or sent, and nothing about it is told.
      this.logger.log('Dropped a contact message that filled the hidden field');
      return RECEIVED;
    }
    const row = await this.messages.insert({
      ...fields,
      clientAddress: clientAddressKey(clientIp),
      mailStatus: this.mailer.configured ? 'sending' : 'not-configured',
    });
    this.logger.log({ messageId: row.id }, 'Contact message received');
    if (this.mailer.configured) this.track(this.mail(row));
    return RECEIVED;
  }

  async list({ limit }: AdminMessageListQuery): Promise<ContactMessage[]> {
    return (await this.messages.list(limit)).map((row) => toContactMessage(row));
  }

  /** The message, now marked read. */
  async open(id: string): Promise<ContactMessage> {
    const row = await this.messages.markRead(id);
    if (!row) throw noSuchMessage(id);
    return toContactMessage(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.messages.remove(id))) throw noSuchMessage(id);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.sending);
  }

  private track(send: Promise<void>): void {
    this.sending.add(send);
    void send.finally(() => this.sending.delete(send));
  }

  /** Never rejects: the outcome goes to the message's row (and the log). */
  private async mail(row: ContactMessageRow): Promise<void> {
    let outcome: { status: 'sent' | 'failed'; reason: string | null };
    try {
      await this.mailer.send(row);
      outcome = { status: 'sent', reason: null };
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH) || 'the mail could not be sent';
      this.logger.warn({ messageId: row.id, reason }, 'Could not mail a contact message; it is kept');
      outcome = { status: 'failed', reason };
    }
    try {
      await this.messages.setMailStatus(row.id, outcome.status, outcome.reason);
    } catch (error) {
      this.logger.error({ err: error, messageId: row.id }, 'Could not record what became of a contact message’s mail');
    }
  }
}
