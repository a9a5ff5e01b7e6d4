import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { NEXT_CURSOR_HEADER } from '@atelier/contracts';
import compression from 'compression';
import cors from 'cors';
import helmet from 'helmet';
import { AppModule, type AppModuleOptions } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { apiAliases } from './common/http/api-aliases.middleware';
import { bodyParsers } from './common/http/body-parsers';
import { answerClientErrorsAsJson } from './common/http/client-errors';
import { AppLogger } from './common/logging/app-logger';
import { requestLogging, ROOT_LOGGER } from './common/logging/logging.module';
import { frontendHandlers } from './common/http/frontend.middleware';
import { APP_VERSION } from './config/app-info';
import { mediaHandler } from './modules/media/media-static';
import { PageRenderer } from './modules/pages/page-renderer';

export const API_PREFIX = 'api';

/** `TRUST_PROXY=2` means two hops; anything else (`loopback`, a subnet list) is passed to Express as is. */
function trustProxyValue(value: string): number | string | boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Builds the fully configured HTTP app (not yet listening); main.ts and the tests share it. */
export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  const { config } = options;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(options), {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false, // ours, below: its errors answer in the API's error shape
  });
  app.useLogger(app.get(AppLogger));
  app.use(requestLogging(app.get(ROOT_LOGGER)));

  app.use(
    helmet({
      // Self-hosters often browse over plain http on a LAN address; upgrading would break every asset.
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    }),
    cors({ origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, exposedHeaders: [NEXT_CURSOR_HEADER] }),
  );
  // gzip for text answers (the SPA's JS and CSS, JSON) when the client accepts it; pictures are already compressed.
  app.use(compression());
  if (config.trustProxy) app.set('trust proxy', trustProxyValue(config.trustProxy));
  app.use(apiAliases);
  app.use(...bodyParsers());
  app.use('/assets', mediaHandler(config.dataDir));

  const frontend = frontendHandlers(config.frontendDist, app.get(PageRenderer));
  if (frontend) app.use(...frontend);
  else new NestLogger('Frontend').warn(`No built frontend at ${config.frontendDist}; serving the API only`);

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new AllExceptionsFilter());

  const openApi = new DocumentBuilder()
    .setTitle('Atelier API')
    .setDescription('Portfolio, generation, Bot Folk and Matrix Network API. Errors: { statusCode, code, message, details? }.')
    .setVersion(APP_VERSION)
    .addBearerAuth()
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' }, 'admin')
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json`,
  });

  await app.init();
  const server = app.getHttpServer();
  answerClientErrorsAsJson(server);
  return app;
}
