import 'reflect-metadata';
import * as fs from 'node:fs';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { exitGracefullyOnSignals } from './common/process/graceful-exit';
import { ConfigError, loadAppConfig } from './config/app-config';
import { resolveRuntimeSecrets } from './config/runtime-secrets';
import { configureSharp } from './modules/media/sharp-settings';

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig(process.env);
  configureSharp();
  const secrets = resolveRuntimeSecrets(config);
  const app = await createApp({ config, secrets });
  exitGracefullyOnSignals(app);
  await app.listen(config.port, config.host);

  const logger = new Logger('Atelier');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Listening on http://localhost:${port} (data in ${config.dataDir})`);
  if (secrets.adminTokenSource !== 'env') logger.log(`Admin token for the CLI: ${secrets.adminTokenSource}`);
}

main().catch((error: unknown) => {
  // A bad environment is the operator's to fix: say which variable, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
