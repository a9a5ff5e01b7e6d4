import { Inject, Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { contactMail, type ContactMailInput } from './contact-mail';

// Nodemailer's own defaults wait 2 minutes to connect and 10 for a silent socket: a mail server that
// hangs would hold a send (and a graceful stop, which waits for sends) that long.
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** The most one send may take in all, however the server trickles its answers. */
const SEND_LIMIT_MS = 60_000;

/**
 * Mails contact messages to the owner over SMTP_URL (`configured` is false without one). Not pooled:
 * each send has a connection of its own, so there is nothing to close when the app stops.
 */
@Injectable()
export class ContactMailer {
  private readonly transport?: Transporter;
  private readonly addresses?: { from: string; to: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { smtpUrl, to, from } = config.contact;
    // The configuration makes sure CONTACT_EMAIL comes with SMTP_URL, and from defaults to it.
    if (!smtpUrl || !to || !from) return;
    this.addresses = { from, to };
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      // A message is text the visitor wrote: nothing in it may make the mailer read a file or a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  /** Sends the message's mail; rejects with the mail server's (or the connection's) reason. */
  async send(message: ContactMailInput): Promise<void> {
    if (!this.transport || !this.addresses) throw new Error('No SMTP_URL is set');
    await this.transport.sendMail({ ...contactMail(message, this.addresses), signal: AbortSignal.timeout(SEND_LIMIT_MS) });
  }
}
