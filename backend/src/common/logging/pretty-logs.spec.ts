import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { AppLogger } from './app-logger';
import { createRootLogger } from './logging.module';

function prettyLogger(logLevel: 'info' | 'debug' = 'info') {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: createRootLogger({ logLevel, logFormat: 'pretty' }, sink), text: () => text };
}

describe('LOG_FORMAT=pretty', () => {
  it('writes a line with the time, level, context and message, and the fields under it', () => {
    const { logger, text } = prettyLogger();
    logger.info({ context: 'Seed', dataDir: '/srv/data', count: 3 }, 'Seeded');
    expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: \[Seed\] Seeded\n {4}data: \/srv\/data\n {4}count: 3\n$/);
  });

  it('writes a request as method, path, status and time, without its id and socket details', () => {
    const { logger, text } = prettyLogger();
    const request = { reqId: 'r1', req: { method: 'GET', url: '/api/posts', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 3 };
    logger.info(request, 'request completed');
    logger.warn({ ...request, res: { statusCode: 200 } }, 'request aborted');
    expect(text()).toMatch(/INFO: GET \/api\/posts 200 in 3 ms\n.*WARN: GET \/api\/posts 200 in 3 ms, abandoned by the client\n$/);
  });

  it("writes an error's stack and its cause below the message", () => {
    const { logger, text } = prettyLogger();
    logger.error({ err: new Error('disk full', { cause: new Error('ENOSPC') }) }, 'Could not store the picture');
    expect(text()).toMatch(/ERROR: Could not store the picture\n {4}Error: disk full\n {8}at .*\n[\s\S]* {4}caused by Error: ENOSPC\n {8}at /);
  });

  it("keeps Nest's start-up narration (modules, routes mapped) for debug", () => {
    const quiet = prettyLogger('info');
    const debug = prettyLogger('debug');
    for (const { logger } of [quiet, debug]) {
      Logger.overrideLogger(new AppLogger(logger));
      try {
        new Logger('RouterExplorer').log('Mapped {/api/posts, GET} route');
        new Logger('InstanceLoader').log('AppModule dependencies initialized');
        new Logger('RouterExplorer').warn('a warning stays a warning');
      } finally {
        Logger.overrideLogger(true);
      }
    }
    expect(quiet.text()).not.toContain('Mapped');
    expect(quiet.text()).toContain('WARN: [RouterExplorer] a warning stays a warning');
    expect(debug.text()).toContain('DEBUG: [RouterExplorer] Mapped {/api/posts, GET} route');
    expect(debug.text()).toContain('DEBUG: [InstanceLoader] AppModule dependencies initialized');
  });
});
