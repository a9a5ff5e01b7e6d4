import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DEMO_CONTENT_IDENTITY } from '../modules/content/demo-content-identity';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { DatabaseHandle } from './database';
import { ChangeNotifier } from './change-notifier';
import { prepareDatabase } from './prepare-database';
import { SEED_STEPS } from './seed/seed-steps';
import { showcaseDemoIdentity } from './seed/showcase.demo';
import { SeedPicturesService } from './seed/seed-pictures.service';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  /** `existing` lets tests hand in a fresh database; the app still owns and closes it. */
  static register(existing?: DatabaseHandle): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        existing
          ? { provide: DATABASE_HANDLE, useValue: existing }
          : {
              provide: DATABASE_HANDLE,
              inject: [APP_CONFIG],
              useFactory: (config: AppConfig) => prepareDatabase(config),
            },
        { provide: DATABASE, inject: [DATABASE_HANDLE], useFactory: (handle: DatabaseHandle) => handle.db },
        { provide: ChangeNotifier, inject: [DATABASE_HANDLE], useFactory: (handle: DatabaseHandle) => new ChangeNotifier(handle) },
        {
          provide: SeedPicturesService,
          inject: [DATABASE_HANDLE, APP_CONFIG, HttpAdapterHost],
          useFactory: (handle: DatabaseHandle, config: AppConfig, adapterHost: HttpAdapterHost) =>
            new SeedPicturesService(handle.db, SEED_STEPS, { dataDir: config.dataDir }, adapterHost),
        },
        // Features never import the seed: the content module finds the demo's rows by what db/ hands it here.
        { provide: DEMO_CONTENT_IDENTITY, useFactory: showcaseDemoIdentity },
      ],
      exports: [DATABASE_HANDLE, DATABASE, ChangeNotifier, DEMO_CONTENT_IDENTITY],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
