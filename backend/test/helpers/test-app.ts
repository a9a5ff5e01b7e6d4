import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import type Test from 'supertest/lib/test';
import { createApp } from '../../src/app';
import { loadAppConfig, type AppConfig } from '../../src/config/app-config';
import { resolveRuntimeSecrets } from '../../src/config/runtime-secrets';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The answer's body as bytes, whatever its content type (supertest parses only the types it knows). */
export function asBytes<T extends Test>(request: T): T {
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

export function makeTempDir(prefix = 'atelier-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The real app (same setup as main.ts) on a fresh database and a temporary DATA_DIR.
 */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = makeTempDir();
  const config = loadAppConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FRONTEND_DIST: path.join(dataDir, 'no-frontend'),
    // Suites write far faster than people do; the write limits have tests of their own that set them.
    MEMBER_WRITES_PER_MINUTE: '100000',
    ADMIN_WRITES_PER_MINUTE: '1000000',
    GUEST_SANDBOXES_PER_IP_PER_HOUR: '100000',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await createApp({ config, secrets: resolveRuntimeSecrets(config), database: database.handle });
  return {
    app,
    http: request(app.getHttpServer()),
    config,
    database,
    close: async () => {
      await app.close(); // closes the database handle too
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
