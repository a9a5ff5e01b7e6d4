import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse } from '@atelier/contracts';
import { APP_VERSION } from '../../config/app-info';
import { DATABASE_HANDLE } from '../../db/database.module';
import type { DatabaseHandle } from '../../db/database';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

@Injectable()
export class HealthService {
  constructor(@Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle) {}

  async check(): Promise<HealthResponse> {
    const started = performance.now();
    let error: string | undefined;
    try {
      await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const ok = error === undefined;
    return {
      status: ok ? 'ok' : 'degraded',
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      database: {
        driver: this.database.driver,
        ok,
        latencyMs: ok ? Math.round((performance.now() - started) * 100) / 100 : null,
        ...(ok ? {} : { error: 'the database did not answer' }),
      },
    };
  }
}
