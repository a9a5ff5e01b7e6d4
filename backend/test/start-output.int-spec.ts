import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expectBuilt, freePort, MAIN } from './helpers/server-process';
import { makeTempDir } from './helpers/test-app';
import { testDriver } from './helpers/test-database';

// First starts of the built server, its output read as the person or the log collector would.
jest.setTimeout(240_000);

const READY = 'Atelier is ready at ';
// Before: about 150 lines up to "Listening on", 101 of them "Mapped {/api/…, GET} route".
const MOST_LINES_AT_INFO = 15;
const START_LIMIT_MS = 90_000;

interface Start {
  /** Everything written to stdout until the ready line and what follows it in the same write. */
  output: string;
  port: number;
}

/**
 * Starts dist/main.js on a fresh data dir and returns its stdout up to the line saying it is ready.
 * `terminal`: under `script`, so its stdout is a pseudo-terminal as in a person's shell.
 */
async function firstStart(dataDir: string, env: NodeJS.ProcessEnv, terminal = false): Promise<Start> {
  const port = await freePort();
  const fullEnv = { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, ...env };
  const child = terminal
    ? spawn('script', ['-qfec', `exec '${process.execPath}' '${MAIN}'`, '/dev/null'], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [MAIN], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + START_LIMIT_MS;
    // The whole ready line: in JSON one line, in pretty the message and the summary's lines under it.
    while (!/"msg":"Atelier is ready at [^\n]*\n|the CLI: [^\n]*\n/.test(output)) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}\n${output}`);
      if (Date.now() > deadline) throw new Error(`no "${READY}" within ${START_LIMIT_MS / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { output: output.replace(/\r\n/g, '\n'), port };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const linesOf = (output: string) => output.split('\n').filter((line) => line.trim() !== '');
const upToReady = (lines: string[]) => lines.slice(0, lines.findIndex((line) => line.includes(READY)) + 1);
// eslint-disable-next-line no-control-regex
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

interface JsonLine {
  level: number;
  msg: string;
  context?: string;
  [field: string]: unknown;
}

(testDriver() === 'pglite' ? describe : describe.skip)('what a first start of dist/main.js prints', () => {
  let dataDir: string;
  beforeAll(expectBuilt);
  beforeEach(() => (dataDir = makeTempDir('atelier-start-output-')));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('to a pipe: JSON lines, a few at info, the ready line with its fields, route mappings only at debug', async () => {
    const { output, port } = await firstStart(dataDir, { LOG_LEVEL: 'debug' });
    const lines = linesOf(output).map((line) => JSON.parse(line) as JsonLine); // throws on a line that is not JSON
    const mappings = lines.filter((line) => /^Mapped \{\/api\//.test(line.msg));
    expect(mappings.length).toBeGreaterThan(50);
    expect(mappings.every((line) => line.level === 20)).toBe(true);
    const seenAtInfo = upToReady(linesOf(output)).filter((line) => (JSON.parse(line) as JsonLine).level >= 30);
    expect(seenAtInfo.length).toBeLessThanOrEqual(MOST_LINES_AT_INFO);
    const nestNarration = lines.filter((line) => line.level >= 30 && ['RoutesResolver', 'RouterExplorer', 'InstanceLoader'].includes(line.context ?? ''));
    expect(nestNarration).toEqual([]);

    expect(lines.find((line) => line.msg.startsWith(READY))).toMatchObject({
      level: 30,
      msg: `${READY}http://localhost:${port}`,
      url: `http://localhost:${port}`,
      adminTokenFile: path.join(dataDir, 'admin-token'),
      dataDir,
      databaseDriver: 'pglite',
      jobs: 'in this process',
    });
    // Where `atelier login` run beside the site finds it, whatever PORT is.
    expect(fs.readFileSync(path.join(dataDir, 'site-url'), 'utf8')).toBe(`http://localhost:${port}\n`);
  });

  it('with LOG_FORMAT=pretty: a short start a person reads, saying where to open it, the token, the data and the database', async () => {
    const { output, port } = await firstStart(dataDir, { LOG_FORMAT: 'pretty' });
    const lines = linesOf(withoutColours(output));
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(output).not.toContain('Mapped {');
    const ready = lines.findIndex((line) => line.includes(READY));
    expect(ready + 6).toBeLessThanOrEqual(MOST_LINES_AT_INFO); // up to the ready line and the 5 under it
    const summary = lines.slice(ready);
    expect(summary[0]).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: ${READY}http://localhost:${port}$`));
    expect(summary.slice(1, 6)).toEqual([
      `    admin token: ${path.join(dataDir, 'admin-token')}`,
      `    data: ${dataDir}`,
      '    database: pglite',
      '    jobs: in this process',
      // The CLI reads the token and the address from the data dir: no token on a command line.
      `    the CLI: npx atelier login --data-dir ${dataDir}`,
    ]);
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  (hasScript ? it : it.skip)('on a terminal: pretty lines without LOG_FORMAT, but JSON for NODE_ENV=production', async () => {
    const pretty = await firstStart(dataDir, {}, true);
    expect(withoutColours(pretty.output)).toMatch(new RegExp(`\\] INFO: ${READY}http://localhost:${pretty.port}\\n {4}admin token: `));

    const productionDir = makeTempDir('atelier-start-output-production-');
    try {
      const production = await firstStart(productionDir, { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) }, true);
      const lines = linesOf(production.output);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      const ready = lines.find((line) => line.includes(READY));
      expect(JSON.parse(ready ?? '')).toMatchObject({ msg: `${READY}http://localhost:${production.port}`, databaseDriver: 'pglite' });
    } finally {
      fs.rmSync(productionDir, { recursive: true, force: true });
    }
  });
});
