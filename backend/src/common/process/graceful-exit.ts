import { Logger } from '@nestjs/common';

interface Closable {
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 10_000;

/**
 * On SIGTERM/SIGINT: stop taking requests, run every shutdown hook (the embedded database flushes
 * and releases its lock), then exit 0, so supervisors see a clean stop. A hung close exits 1.
 */
export function exitGracefullyOnSignals(app: Closable): void {
  const logger = new Logger('Shutdown');
  const onSignal = (signal: NodeJS.Signals) => {
    logger.log(`${signal} received, closing`);
    const timer = setTimeout(() => {
      logger.error(`Still closing after ${CLOSE_TIMEOUT_MS} ms, exiting anyway`);
      process.exit(1);
    }, CLOSE_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
