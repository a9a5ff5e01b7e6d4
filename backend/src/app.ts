import fastifyCompress from '@fastify/compress';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import type { HelmetOptions } from 'helmet';
import { NEXT_CURSOR_HEADER } from '@atelier/contracts';
import { AppModule, type AppModuleOptions } from './app.module';
import { AllExceptionsFilter, answerError } from './common/filters/all-exceptions.filter';
import { completeApiDocument } from './common/openapi/zod-json-schema';
import { rewriteApiAlias } from './common/http/api-aliases';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './common/http/body-parsers';
import { answerClientErrorAsJson } from './common/http/client-errors';
import { AppLogger } from './common/logging/app-logger';
import { refuseNulInUrls } from './common/validation/nul-characters';
import { requestIdFor, requestLogging, ROOT_LOGGER } from './common/logging/logging.module';
import { registerFrontend } from './common/http/frontend';
import { registerSecurityHeaders } from './common/http/security-headers';
import { APP_VERSION } from './config/app-info';
import { registerMedia } from './modules/media/media-static';
import { PageRenderer } from './modules/pages/page-renderer';

export const API_PREFIX = 'api';

export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  // Self-hosters often browse over plain http on a LAN address; upgrading would break every asset.
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
};

const CORS_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];

/** `TRUST_PROXY=2` means two hops; anything else (`loopback`, a subnet list) is passed to proxy-addr as is. */
function trustProxyValue(value: string): number | string | boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Fastify under Nest: its router and reply path cost a fraction of Express's per request, which is
 * most of what a cached page costs. Errors Fastify raises itself (body limits, media types, bad JSON)
 * go straight to answerError: Nest's own handler would turn them into bare HttpExceptions, without
 * the codes that say which they were.
 */
class ApiFastifyAdapter extends FastifyAdapter {
  constructor(options: FastifyServerOptions & { skipMiddie: boolean }) {
    super(options);
    // Set first, so the routes registered as plugins (media, frontend) inherit it too.
    this.getInstance().setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => answerError(error, request, reply));
  }

  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance(); // ours, set above, stays
  }
}

function httpAdapter(options: AppModuleOptions): FastifyAdapter {
  const { trustProxy } = options.config;
  return new ApiFastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxy ? trustProxyValue(trustProxy) : false,
    rewriteUrl: (request: { url?: string }) => rewriteApiAlias(request.url ?? '/'),
    clientErrorHandler: answerClientErrorAsJson,
    genReqId: requestIdFor,
    requestIdHeader: false, // requestIdFor reads it, keeping only sane ids
    // As Express routed: /api/posts/ is /api/posts, and ids up to a long, refusable length reach validation.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // No Nest middleware exists here (hooks do that work), so no middie hook runs on every request.
    skipMiddie: true,
  });
}

/** Builds the fully configured HTTP app (not yet listening); main.ts and the tests share it. */
export async function createApp(options: AppModuleOptions): Promise<NestFastifyApplication> {
  const { config } = options;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(options), httpAdapter(options), {
    bufferLogs: true,
    // Start-up lines wait for our logger (flushed below); a failed start prints only its error (main.ts).
    autoFlushLogs: false,
    abortOnError: false,
    bodyParser: false, // ours, below: an empty JSON body is no body, and errors answer in the API's shape
  });
  app.useLogger(app.get(AppLogger));
  app.flushLogs();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', requestLogging(app.get(ROOT_LOGGER)));
  registerBodyParsers(fastify);
  refuseNulInUrls(fastify);

  registerSecurityHeaders(fastify, SECURITY_HEADER_OPTIONS);
  // Without configured origins there is nothing to allow: no CORS hook runs at all. Every method the
  // API takes, as Express's cors allowed (@fastify/cors allows only GET, HEAD and POST): a Sociopedia
  // client likes and befriends with PATCH.
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, methods: CORS_METHODS, exposedHeaders: [NEXT_CURSOR_HEADER, 'Retry-After'] });
  }
  // gzip/brotli for text answers (the SPA's JS and CSS, JSON) when the client accepts it; pictures are already compressed.
  await app.register(fastifyCompress);

  await registerMedia(fastify, config, app.get<ThrottlerStorage>(getStorageToken()));
  const frontend = await registerFrontend(fastify, config.frontendDist, app.get(PageRenderer));
  if (!frontend) new NestLogger('Frontend').warn(`No built frontend at ${config.frontendDist}; serving the API only`);

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new AllExceptionsFilter());

  const openApi = new DocumentBuilder()
    .setTitle('Atelier API')
    .setDescription('Portfolio, generation, Bot Folk and Matrix Network API. Errors: { statusCode, code, message, details? }.')
    .setVersion(APP_VERSION)
    .addBearerAuth()
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'ADMIN_TOKEN', description: 'The admin token (ADMIN_TOKEN)' }, 'admin')
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => completeApiDocument(SwaggerModule.createDocument(app, openApi)), {
    jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json`,
  });

  await app.init();
  await fastify.ready();
  return app;
}
