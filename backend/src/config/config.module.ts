import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from './app-config';
import type { RuntimeSecrets } from './runtime-secrets';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const RUNTIME_SECRETS = Symbol('RUNTIME_SECRETS');

/** Makes the boot-time config and secrets injectable everywhere; nothing re-reads process.env. */
@Global()
@Module({})
export class ConfigModule {
  static register(config: AppConfig, secrets: RuntimeSecrets): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: RUNTIME_SECRETS, useValue: secrets },
      ],
      exports: [APP_CONFIG, RUNTIME_SECRETS],
    };
  }
}
