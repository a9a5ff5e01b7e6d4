import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import type { DatabaseHandle } from './database';

/** `detail` says what changed, if the publisher said; without it, anything under the topic may have. */
type Listener = (detail?: string) => void;

/** One PostgreSQL channel for every topic; the payload says `<sender pid>:<topic>[:<detail>]`. */
const PG_CHANNEL = 'atelier_changes';
const RECONNECT_DELAY_MS = 1_000;

/**
 * Tells every API process that some data changed, so each can drop what it cached. Listeners in
 * this process run at once; on PostgreSQL the change is also broadcast with NOTIFY to the other
 * processes, each LISTENing on its own connection. PGlite is single-process, so local is all there
 * is. After the LISTEN connection drops, every listener is called on reconnect, without a detail
 * (changes may have been missed meanwhile).
 */
export class ChangeNotifier implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeNotifier.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly sender = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  private client?: Client;
  private stopped = false;

  constructor(private readonly handle: DatabaseHandle) {}

  subscribe(topic: string, listener: Listener): void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
  }

  /**
   * Called after a change is committed, so it never fails: this process's listeners run at once, and
   * if the broadcast does not get through, the other processes' caches expire on their own (each
   * cache keeps what it holds only briefly) rather than the committed change being answered as failed.
   */
  async publish(topic: string, detail?: string): Promise<void> {
    this.deliver(topic, detail);
    if (this.handle.target.driver !== 'postgres') return;
    const payload = detail === undefined ? `${this.sender}:${topic}` : `${this.sender}:${topic}:${detail}`;
    await this.handle.db.execute(sql`select pg_notify(${PG_CHANNEL}, ${payload})`).catch((error: unknown) => {
      this.logger.warn({ err: error }, `Could not tell the other processes that ${topic} changed; their caches expire on their own`);
    });
  }

  async onModuleInit(): Promise<void> {
    if (this.handle.target.driver === 'postgres') await this.listen(this.handle.target.url);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private deliver(topic: string, detail?: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(detail);
  }

  private async listen(url: string): Promise<void> {
    const client = new Client({ connectionString: url });
    client.on('notification', ({ payload = '' }) => {
      const [sender, topic, ...detail] = payload.split(':');
      // Ours was delivered when published; a detail may hold colons of its own.
      if (sender !== this.sender && topic) this.deliver(topic, detail.length > 0 ? detail.join(':') : undefined);
    });
    client.on('error', (error) => {
      // A failed connect is reported by its promise; only an established connection retries here.
      if (this.stopped || this.client !== client) return;
      this.client = undefined;
      this.logger.warn({ err: error }, 'Lost the change-notification connection; reconnecting');
      void client.end().catch(() => undefined);
      this.retry(url);
    });
    try {
      await client.connect();
      await client.query(`listen ${PG_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private retry(url: string): void {
    setTimeout(async () => {
      if (this.stopped) return;
      try {
        await this.listen(url);
        for (const topic of this.listeners.keys()) this.deliver(topic);
      } catch {
        this.retry(url);
      }
    }, RECONNECT_DELAY_MS).unref();
  }
}
