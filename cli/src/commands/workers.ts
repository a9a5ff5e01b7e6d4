import { RUNPOD_IMAGES, WORKER_KINDS, type GpuWorker } from '@atelier/contracts';
import { Option, type Command } from 'commander';
import { ApiError, type JsonBody } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { readJsonFile } from '../json-file';
import { print, printResult, renderRecord, renderTable, type Cell } from '../output';
import { wholeNumber, type ClientFor, type Examples } from './command-kit';

/** How long to wait for a test when the server does not say (one from before testTimeoutSeconds). */
const FALLBACK_TEST_TIMEOUT_MS = 180_000;
/** On top of the server's own limits: the answer still has to travel, and the picture be checked. */
const TEST_TIMEOUT_MARGIN_MS = 30_000;

/** The server's limit for a test of this worker (its health check, a cold start, the render), and a margin. */
export function testWaitMs(worker: Pick<GpuWorker, 'testTimeoutSeconds'>): number {
  const seconds = worker.testTimeoutSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 + TEST_TIMEOUT_MARGIN_MS : FALLBACK_TEST_TIMEOUT_MS;
}

/** `atelier workers ...`: the GPU workers that serve Forge and Dream-o-matic jobs. */
export function registerWorkerCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const workers = program
    .command('workers')
    .description('GPU workers (AUTOMATIC1111/Forge, ComfyUI, RunPod) that serve image generation')
    .addHelpText('after', examples('atelier workers list', 'atelier workers register --name a5000 --kind a1111 --url http://10.0.0.5:7860 --gpu "RTX A5000"'));

  workers
    .command('register')
    .alias('add')
    .description('register a worker (also: add); the API checks that it answers before saving it, unless --no-check')
    .requiredOption('--name <name>', 'a name of your choosing, unique')
    .addOption(new Option('--kind <kind>', 'what the worker runs').choices(WORKER_KINDS).makeOptionMandatory())
    .requiredOption('--url <url>', 'where it answers (for RunPod: https://api.runpod.ai/v2/<endpoint id>)')
    .requiredOption('--gpu <label>', 'the GPU shown on the generator pages, e.g. "RTX 3090"')
    .option('--api-key <key>', 'credentials: RunPod API key, or user:password for an AUTOMATIC1111 --api-auth')
    .option('--concurrency <n>', 'jobs it runs at once (default 1)', wholeNumber(1))
    .option('--checkpoint <file>', 'ComfyUI (or RunPod comfyui image): the checkpoint to load (default: the first one installed)')
    .addOption(new Option('--runpod-image <image>', 'RunPod: the worker image the endpoint runs (default sd-v1)').choices(RUNPOD_IMAGES))
    .option('--input-template <file>', 'RunPod custom image: a JSON file with the input, using {{prompt}} {{seed}} {{width}} {{height}}')
    .option('--no-check', 'save without checking that the worker answers')
    .option('--json', 'print the saved worker as JSON')
    .addHelpText(
      'after',
      examples(
        'atelier workers register --name a5000 --kind a1111 --url http://10.0.0.5:7860 --gpu "RTX A5000"',
        'atelier workers register --name pod --kind runpod --url https://api.runpod.ai/v2/abc123 --gpu "RTX 4090" --api-key "$RUNPOD_KEY" --runpod-image sdxl',
        'atelier workers register --name comfy --kind comfyui --url http://10.0.0.6:8188 --gpu "RTX 3090" --checkpoint sd_xl_base_1.0.safetensors',
      ),
    )
    .action(async (options: RegisterOptions, command: Command) => {
      const body: JsonBody<'/admin/workers', 'post'> = {
        name: options.name,
        kind: options.kind,
        url: options.url,
        gpu: options.gpu,
        apiKey: options.apiKey,
        concurrency: options.concurrency,
        checkpoint: options.checkpoint,
        runpodImage: options.runpodImage,
        inputTemplate:
          options.inputTemplate === undefined
            ? undefined
            : (readJsonFile(options.inputTemplate, 'expected the JSON object RunPod passes to the handler as input') as Record<string, unknown>),
        check: options.check,
      };
      const { body: worker } = await clientFor(command)
        .post('/admin/workers', { json: body })
        .catch((error: unknown) => {
          // The API's advice is for API callers; the CLI's switch for it is --no-check.
          for (const detail of (error instanceof ApiError && error.details) || []) {
            detail.message = detail.message.replace('register with check: false', 'add --no-check');
          }
          throw error;
        });
      printResult(worker, options, () => `Registered worker ${worker.name} (${worker.id})\n${renderWorker(worker)}`);
    });

  workers
    .command('list')
    .description('every worker with its health, load and last contact')
    .option('--json', 'print the workers as JSON')
    .addHelpText('after', examples('atelier workers list', 'atelier workers list --json'))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body: list } = await clientFor(command).get('/admin/workers');
      printResult(list, options, () =>
        list.length === 0
          ? 'No workers registered: jobs are rendered by the built-in procedural renderer.'
          : renderTable(
              ['ID', 'NAME', 'KIND', 'GPU', 'MODEL', 'URL', 'ENABLED', 'HEALTH', 'LOAD', 'LAST SEEN'],
              list.map((worker) => [
                worker.id,
                worker.name,
                kindLabel(worker),
                worker.gpu,
                worker.model ?? '-',
                worker.url,
                worker.enabled ? 'yes' : 'no',
                worker.health,
                `${worker.load}/${worker.concurrency}`,
                worker.lastSeenAt ?? '-',
              ]),
            ),
      );
    });

  workers
    .command('show <id>')
    .description("one worker's details")
    .option('--json', 'print the worker as JSON')
    .addHelpText('after', examples('atelier workers show 3f2b…'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { body: worker } = await clientFor(command).get('/admin/workers/{id}', { path: { id } });
      printResult(worker, options, () => renderWorker(worker));
    });

  for (const [name, enabled, help] of [
    ['enable', true, 'send jobs to the worker again'],
    ['disable', false, 'stop sending jobs to the worker (it stays registered)'],
  ] as const) {
    workers
      .command(`${name} <id>`)
      .description(help)
      .addHelpText('after', examples(`atelier workers ${name} 3f2b…`))
      .action(async (id: string, _options: unknown, command: Command) => {
        const { body: worker } = await clientFor(command).patch('/admin/workers/{id}', { path: { id }, json: { enabled } });
        print(`Worker ${worker.name} (${worker.id}) ${enabled ? 'enabled' : 'disabled'}`);
      });
  }

  workers
    .command('update <id>')
    .description("change a worker's name, address, GPU label, credentials, concurrency, checkpoint or RunPod image")
    .option('--name <name>', 'a new name, unique')
    .option('--url <url>', 'where it answers now')
    .option('--gpu <label>', 'the GPU shown on the generator pages')
    .option('--api-key <key>', 'new credentials; "" removes them')
    .option('--concurrency <n>', 'jobs it runs at once', wholeNumber(1))
    .option('--checkpoint <file>', 'ComfyUI: the checkpoint to load; "" uses the first one installed')
    .addOption(new Option('--runpod-image <image>', 'RunPod: the worker image the endpoint runs').choices(RUNPOD_IMAGES))
    .option('--input-template <file>', 'RunPod custom image: a JSON file with the input; "" removes it')
    .option('--json', 'print the changed worker as JSON')
    .addHelpText('after', examples('atelier workers update 3f2b… --gpu "RTX 4090" --concurrency 2', 'atelier workers update 3f2b… --api-key ""'))
    .action(async (id: string, options: Partial<Omit<RegisterOptions, 'kind' | 'check'>>, command: Command) => {
      // "" clears what may be cleared: credentials, the checkpoint, the input template.
      const cleared = <T>(value: string | undefined, read: (value: string) => T) => (value === undefined ? undefined : value === '' ? null : read(value));
      const changes: JsonBody<'/admin/workers/{id}', 'patch'> = {
        name: options.name,
        url: options.url,
        gpu: options.gpu,
        apiKey: cleared(options.apiKey, (key) => key),
        concurrency: options.concurrency,
        checkpoint: cleared(options.checkpoint, (file) => file),
        runpodImage: options.runpodImage,
        inputTemplate: cleared(options.inputTemplate, (file) => readJsonFile(file, 'expected the JSON object RunPod passes to the handler as input') as Record<string, unknown>),
      };
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length === 0) throw new CliError('nothing to change: give --name, --url, --gpu, --api-key, --concurrency, --checkpoint, --runpod-image or --input-template', EXIT_USAGE);
      const { body: worker } = await clientFor(command).patch('/admin/workers/{id}', { path: { id }, json: given as typeof changes });
      printResult(worker, options, () => `Updated worker ${worker.name} (${worker.id})\n${renderWorker(worker)}`);
    });

  workers
    .command('remove <id>')
    .description('unregister the worker (jobs it ran keep its id)')
    .addHelpText('after', examples('atelier workers remove 3f2b…'))
    .action(async (id: string, _options: unknown, command: Command) => {
      await clientFor(command).delete('/admin/workers/{id}', { path: { id } });
      print(`Worker ${id} removed`);
    });

  workers
    .command('test <id>')
    .description('check the worker, then run one small real generation through it and print its model, GPU and timing')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', examples('atelier workers test 3f2b…'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const client = clientFor(command);
      const { body: worker } = await client.get('/admin/workers/{id}', { path: { id } });
      const timeoutMs = testWaitMs(worker);
      // A cold RunPod endpoint may take minutes before it renders: say how long this may take, on stderr.
      if (!options.json) process.stderr.write(`Testing ${worker.name}: this may take up to ${Math.round(timeoutMs / 1000)} s (health check, cold start, render)\n`);
      const { body: result } = await client.post('/admin/workers/{id}/test', { path: { id }, timeoutMs });
      printResult(result, options, () =>
        renderRecord([
          ['Worker', result.workerId],
          ['GPU', result.gpu],
          ['Model', result.model ?? 'not named by the worker'],
          ['Picture', `${result.width}x${result.height} PNG, ${result.bytes} bytes`],
          ['Seed', result.seed],
          ['Queue time', `${result.queueTime ?? 0} ms`],
          ['Execution time', `${result.executionTime} ms`],
        ]),
      );
    });
}

interface RegisterOptions {
  name: string;
  kind: GpuWorker['kind'];
  url: string;
  gpu: string;
  apiKey?: string;
  concurrency?: number;
  checkpoint?: string;
  runpodImage?: GpuWorker['runpodImage'] & string;
  inputTemplate?: string;
  check: boolean;
  json?: boolean;
}

/** `runpod (sdxl)`: a RunPod worker is known by the image it runs. */
const kindLabel = (worker: GpuWorker) => (worker.runpodImage ? `${worker.kind} (${worker.runpodImage})` : worker.kind);

function renderWorker(worker: GpuWorker): string {
  const rows: Array<[string, Cell]> = [
    ['ID', worker.id],
    ['Name', worker.name],
    ['Kind', kindLabel(worker)],
    ['URL', worker.url],
    ['GPU', worker.gpu],
    ['Model', worker.model ?? '-'],
    ['Enabled', worker.enabled ? 'yes' : 'no'],
    ['Health', worker.health],
    ['Load', `${worker.load}/${worker.concurrency}`],
    ['Last seen', worker.lastSeenAt ?? '-'],
    ['API key stored', worker.hasApiKey ? 'yes' : 'no'],
    ['Registered', worker.createdAt],
  ];
  if (worker.checkpoint) rows.push(['Checkpoint', worker.checkpoint]);
  if (worker.inputTemplate) rows.push(['Input template', JSON.stringify(worker.inputTemplate)]);
  if (worker.healthError) rows.push([worker.health === 'degraded' ? 'Health warning' : 'Health error', worker.healthError]);
  return renderRecord(rows);
}
