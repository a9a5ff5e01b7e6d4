import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import type { RuntimeSecrets } from './config/runtime-secrets';
import { LoggingModule } from './common/logging/logging.module';
import { DatabaseModule } from './db/database.module';
import type { DatabaseHandle } from './db/database';
import { AuthModule } from './modules/auth/auth.module';
import { BotFolkModule } from './modules/botfolk/botfolk.module';
import { ContentModule } from './modules/content/content.module';
import { DemoModule } from './modules/demo/demo.module';
import { GenerationModule } from './modules/generation/generation.module';
import { HealthModule } from './modules/health/health.module';
import { MessagesModule } from './modules/messages/messages.module';
import { PagesModule } from './modules/pages/pages.module';
import { PostsModule } from './modules/posts/posts.module';
import { UsersModule } from './modules/users/users.module';

export interface AppModuleOptions {
  config: AppConfig;
  secrets: RuntimeSecrets;
  /** A database prepared elsewhere (tests); by default the app opens, migrates and seeds its own. */
  database?: DatabaseHandle;
}

/** What both entry points (HTTP API and job worker) stand on. */
export function coreImports({ config, secrets, database }: AppModuleOptions) {
  return [ConfigModule.register(config, secrets), LoggingModule.register(config), DatabaseModule.register(database)];
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    const generation = GenerationModule.register(options.config, 'api');
    return {
      module: AppModule,
      imports: [
        ...coreImports(options),
        HealthModule,
        AuthModule,
        UsersModule,
        PostsModule,
        BotFolkModule,
        ContentModule,
        MessagesModule,
        DemoModule,
        PagesModule.register(generation),
        generation,
      ],
    };
  }
}
