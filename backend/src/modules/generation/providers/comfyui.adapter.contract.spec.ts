import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startA1111StandIn } from '../../../../test/stand-ins/a1111-stand-in';
import { COMFYUI_STAND_IN_CHECKPOINTS, type ComfyUiStandIn, startComfyUiStandIn } from '../../../../test/stand-ins/comfyui-stand-in';
import { startRunpodStandIn } from '../../../../test/stand-ins/runpod-stand-in';
import { type StandIn, describePicture, standInColour, waitForRequest } from '../../../../test/stand-ins/stand-in-server';
import { createComfyUiProvider } from './comfyui.adapter';
import {
  DEFAULT_COMFYUI_WORKFLOW,
  checkComfyWorkflow,
  checkpointsLoadedBy,
  fillComfyWorkflow,
  loadComfyWorkflow,
  usesCheckpointPlaceholder,
} from './comfyui-workflow';
import { type ImageRequest, ProviderError, type RenderUpdate, type WorkerConnection } from './image-provider';
import { WorkerHttp } from './provider-http';
import { createWorkerProvider } from './worker-providers';

const API_KEY = 'comfy-proxy-key-123';
const [FIRST_INSTALLED, SECOND_INSTALLED] = COMFYUI_STAND_IN_CHECKPOINTS;

function picture(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return { prompt: 'a fox in the snow', seed: 4321, width: 256, height: 384, signal: AbortSignal.timeout(10_000), ...overrides };
}

/** An owner's own API-format export: a full txt2img graph naming its checkpoint, with other node ids. */
function ownWorkflow(checkpoint: string) {
  return {
    '10': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: checkpoint } },
    '11': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}, film grain', clip: ['10', 1] } },
    '12': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['10', 1] } },
    '13': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
    '14': {
      class_type: 'KSampler',
      inputs: {
        seed: '{{seed}}',
        steps: 30,
        cfg: 6.5,
        sampler_name: 'dpmpp_2m',
        scheduler: 'karras',
        denoise: 1,
        model: ['10', 0],
        positive: ['11', 0],
        negative: ['12', 0],
        latent_image: ['13', 0],
      },
    },
    '15': { class_type: 'VAEDecode', inputs: { samples: ['14', 0], vae: ['10', 2] } },
    '42': { class_type: 'SaveImage', inputs: { filename_prefix: 'mine', images: ['15', 0] } },
  };
}

type QueuedWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

describe('ComfyUI workflow templates', () => {
  const values = { prompt: 'say "cheese" $& {{seed}}', seed: 99, width: 640, height: 448 };

  it('turns whole-value placeholders into numbers and substitutes the prompt as text', () => {
    const template = {
      a: { class_type: 'KSampler', inputs: { seed: '{{seed}}', steps: 20, model: ['4', 0] } },
      b: { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{ height }}' } },
      c: { class_type: 'CLIPTextEncode', inputs: { text: 'masterpiece, {{prompt}}, best quality' } },
      d: { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier-{{seed}}' } },
    };
    expect(fillComfyWorkflow(template, values)).toEqual({
      a: { class_type: 'KSampler', inputs: { seed: 99, steps: 20, model: ['4', 0] } },
      b: { class_type: 'EmptyLatentImage', inputs: { width: 640, height: 448 } },
      // Quotes, `$&` and a placeholder inside the prompt all stay literal.
      c: { class_type: 'CLIPTextEncode', inputs: { text: 'masterpiece, say "cheese" $& {{seed}}, best quality' } },
      d: { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier-99' } },
    });
  });

  it('leaves the template untouched and keeps odd keys as plain keys', () => {
    const template = JSON.parse('{"__proto__": {"text": "{{prompt}}"}, "n": {"inputs": {"text": "{{prompt}}"}}}') as Record<string, unknown>;
    const before = JSON.stringify(template);
    const filled = fillComfyWorkflow(template, values) as Record<string, unknown>;
    expect(JSON.stringify(template)).toBe(before);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(Object.keys(filled)).toEqual(['__proto__', 'n']);
  });

  it('ships a standard txt2img graph whose checkpoint is a placeholder, filled like the others', () => {
    const classes = Object.values(DEFAULT_COMFYUI_WORKFLOW).map((node) => (node as { class_type: string }).class_type);
    expect(classes.sort()).toEqual([
      'CLIPTextEncode',
      'CLIPTextEncode',
      'CheckpointLoaderSimple',
      'EmptyLatentImage',
      'KSampler',
      'SaveImage',
      'VAEDecode',
    ]);
    // No file name suits every install: the worker's checkpoint or the first installed goes here.
    expect(checkpointsLoadedBy(DEFAULT_COMFYUI_WORKFLOW)).toEqual(['{{checkpoint}}']);
    expect(usesCheckpointPlaceholder(DEFAULT_COMFYUI_WORKFLOW)).toBe(true);

    const filled = fillComfyWorkflow(DEFAULT_COMFYUI_WORKFLOW, { ...values, prompt: 'a cat', checkpoint: 'dreamshaper_8.safetensors' });
    expect(JSON.stringify(filled)).not.toContain('{{');
    expect(JSON.stringify(filled)).toContain('"seed":99');
    expect(JSON.stringify(filled)).toContain('"text":"a cat"');
    expect(checkpointsLoadedBy(filled)).toEqual(['dreamshaper_8.safetensors']);
    expect(usesCheckpointPlaceholder(ownWorkflow('dreamshaper_8.safetensors'))).toBe(false);
  });

  describe('loadComfyWorkflow', () => {
    let dir: string;
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-comfy-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('returns the default without a file, and the parsed template with one', () => {
      expect(loadComfyWorkflow()).toBe(DEFAULT_COMFYUI_WORKFLOW);
      const file = write('sdxl.json', JSON.stringify({ '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } } }));
      expect(loadComfyWorkflow(file)).toEqual({ '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } } });
    });

    it('names the file and the problem when the template is unusable', () => {
      const missing = path.join(dir, 'missing.json');
      expect(() => loadComfyWorkflow(missing)).toThrow(`ComfyUI workflow file ${missing} could not be read`);
      const broken = write('broken.json', '{"6": ');
      expect(() => loadComfyWorkflow(broken)).toThrow(`ComfyUI workflow file ${broken} is not valid JSON`);
      const list = write('list.json', '[1, 2]');
      expect(() => loadComfyWorkflow(list)).toThrow(`ComfyUI workflow file ${list} must be a JSON object`);
      const ui = write('ui.json', JSON.stringify({ nodes: [{ type: 'KSampler' }], links: [] }));
      expect(() => loadComfyWorkflow(ui)).toThrow(
        `ComfyUI workflow file ${ui} is a UI-format workflow; export it from ComfyUI with "Export (API)"`,
      );
      const silent = write('silent.json', JSON.stringify({ '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a cat' } } }));
      expect(() => loadComfyWorkflow(silent)).toThrow(`ComfyUI workflow file ${silent} has no "{{prompt}}" placeholder`);
    });

    it('applies the same checks to a template passed to the adapter', () => {
      expect(() => checkComfyWorkflow({ '6': { inputs: { text: 'no placeholder' } } })).toThrow(/has no "\{\{prompt\}\}" placeholder/);
      expect(() => createComfyUiProvider({ kind: 'comfyui', url: 'http://127.0.0.1:1' }, { workflow: [] })).toThrow(/must be a JSON object/);
    });
  });
});

describe('comfyui adapter against a ComfyUI stand-in', () => {
  let standIn: ComfyUiStandIn;
  const provider = (options: { apiKey?: string; checkpoint?: string; workflow?: unknown; pollIntervalMs?: number } = {}) =>
    createComfyUiProvider(
      { kind: 'comfyui', url: standIn.url, apiKey: options.apiKey ?? API_KEY, checkpoint: options.checkpoint },
      { workflow: options.workflow, pollIntervalMs: options.pollIntervalMs ?? 20 },
    );
  const queued = (): QueuedWorkflow => {
    const request = standIn.requests.find((candidate) => candidate.method === 'POST' && candidate.path === '/prompt');
    return (request?.body as { prompt: QueuedWorkflow }).prompt;
  };
  const prompts = () => [...standIn.prompts.values()];
  const paths = () => standIn.requests.map((request) => `${request.method} ${request.path}`);

  beforeEach(async () => {
    standIn = await startComfyUiStandIn({ apiKey: API_KEY });
  });
  afterEach(() => standIn.close());

  it('queues the filled workflow, polls history, and fetches the saved image from /view', async () => {
    const result = await provider().generate(picture());

    const queuing = standIn.requests.find((request) => request.path === '/prompt');
    expect(queuing).toMatchObject({ method: 'POST' });
    expect(queuing?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = queuing?.body as { prompt: QueuedWorkflow; client_id: unknown };
    expect(typeof body.client_id).toBe('string');
    expect(body.prompt['3'].inputs.seed).toBe(4321);
    expect(body.prompt['5'].inputs).toMatchObject({ width: 256, height: 384 });
    expect(body.prompt['6'].inputs.text).toBe('a fox in the snow');

    const [{ promptId }] = prompts();
    const polls = standIn.requests.filter((request) => request.path === `/history/${promptId}`);
    expect(polls.length).toBeGreaterThanOrEqual(2); // the stand-in runs a prompt for one poll before it ends
    const view = standIn.requests.at(-1);
    expect(view).toMatchObject({ method: 'GET', path: '/view', query: { filename: 'atelier_00001_.png', subfolder: '', type: 'output' } });
    expect(view?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(paths()).not.toContain('POST /queue'); // a run that ended needs no clean-up

    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 256, height: 384, colour: standInColour(4321) });
    expect(result.seed).toBe(4321);
  });

  describe('checkpoint', () => {
    it("loads the worker's checkpoint when it has one, without asking what is installed", async () => {
      await provider({ checkpoint: SECOND_INSTALLED }).generate(picture());

      expect(queued()['4'].inputs.ckpt_name).toBe(SECOND_INSTALLED);
      expect(paths()).not.toContain('GET /object_info/CheckpointLoaderSimple');
    });

    it('loads the first installed checkpoint otherwise, as /object_info lists them', async () => {
      await provider().generate(picture());

      expect(paths()[0]).toBe('GET /object_info/CheckpointLoaderSimple');
      expect(queued()['4'].inputs.ckpt_name).toBe(FIRST_INSTALLED);
    });

    it("fails with ComfyUI's own reason, from node_errors, when the checkpoint is not installed", async () => {
      const failure = provider({ checkpoint: 'dreamshaper_8.safetensors' }).generate(picture());

      await expect(failure).rejects.toBeInstanceOf(ProviderError);
      await expect(failure).rejects.toThrow(
        `comfyui worker at ${standIn.url} answered 400: Prompt outputs failed validation: ` +
          "CheckpointLoaderSimple (node 4): Value not in list: ckpt_name: 'dreamshaper_8.safetensors' not in [",
      );
      expect(standIn.prompts.size).toBe(0);
    });

    it('fails saying so when ComfyUI has no checkpoint at all', async () => {
      standIn.checkpoints = [];
      await expect(provider().generate(picture())).rejects.toThrow(
        `comfyui worker at ${standIn.url} has no checkpoint installed: put one in ComfyUI/models/checkpoints`,
      );
      expect(paths()).not.toContain('POST /prompt');
    });
  });

  it('sends a configured template, filled in, and finds its SaveImage output whatever its node id', async () => {
    const template = ownWorkflow(SECOND_INSTALLED);
    const result = await provider({ workflow: template }).generate(picture({ seed: 8, width: 64, height: 96 }));

    expect(queued()).toEqual(fillComfyWorkflow(template, { prompt: 'a fox in the snow', seed: 8, width: 64, height: 96 }));
    expect(paths()).not.toContain('GET /object_info/CheckpointLoaderSimple'); // it names its own checkpoint
    expect(standIn.requests.at(-1)?.query).toMatchObject({ filename: 'mine_00001_.png' });
    expect(await describePicture(result.png)).toMatchObject({ width: 64, height: 96, colour: standInColour(8) });
  });

  it("fails with ComfyUI's execution error when the run fails", async () => {
    standIn.behaviour = 'fail';
    const failure = provider().generate(picture());
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(
      `comfyui worker at ${standIn.url} failed to run the workflow: KSampler (node 3): CUDA out of memory. Tried to allocate 1.50 GiB`,
    );
    expect(paths()).not.toContain('POST /interrupt'); // ComfyUI ended the run itself
  });

  it("fails with ComfyUI's validation message when it refuses a template's values", async () => {
    const template = ownWorkflow(FIRST_INSTALLED);
    const withSteps = { ...template, '14': { ...template['14'], inputs: { ...template['14'].inputs, steps: '{{steps}}' } } };
    await expect(provider({ workflow: withSteps }).generate(picture())).rejects.toThrow(
      'answered 400: Prompt outputs failed validation: KSampler (node 14): Failed to convert an input steps value to a INT value: ' +
        "steps, {{steps}}, invalid literal for int() with base 10: '{{steps}}'",
    );
  });

  it('fails with the status and a short body on a 5xx', async () => {
    standIn.behaviour = 'server-error';
    await expect(provider().generate(picture())).rejects.toThrow(`comfyui worker at ${standIn.url} answered 500: Internal Server Error`);
  });

  it('rejects a saved image that cannot be decoded', async () => {
    standIn.behaviour = 'garbage';
    await expect(provider().generate(picture())).rejects.toThrow(`comfyui worker at ${standIn.url} returned an image that could not be decoded`);
  });

  it('says the key was refused, without repeating it', async () => {
    const failure = provider({ apiKey: 'not-the-key' }).generate(picture());
    await expect(failure).rejects.toThrow(/answered 401: 401: Unauthorized\. Check the worker's API key/);
    await expect(failure).rejects.not.toThrow(/not-the-key/);
  });

  it('gives up promptly when ComfyUI hangs and the signal times out', async () => {
    standIn.behaviour = 'hang';
    const started = Date.now();
    await expect(provider().generate(picture({ signal: AbortSignal.timeout(150) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a prompt waiting behind another as queued, then as rendering once it runs', async () => {
    standIn.pollsBeforeDone = 4;
    const first = provider().generate(picture({ seed: 1 }));
    await waitForRequest(standIn, (request) => request.path === '/prompt');
    const updates: RenderUpdate[] = [];
    await provider().generate(picture({ seed: 2, report: (update) => updates.push(update) }));
    await first;
    const phases = updates.map((update) => update.phase).filter((phase, index, all) => phase !== all[index - 1]);
    expect(phases).toEqual(['queued', 'rendering']);
    expect(standIn.requests.some((request) => request.method === 'GET' && request.path === '/queue')).toBe(true);
  });

  it('reports the sampler’s progress and previews from /ws, and runs on without them when the socket is refused', async () => {
    standIn.pollsBeforeDone = 4;
    const updates: RenderUpdate[] = [];
    await provider().generate(picture({ report: (update) => updates.push(update) }));
    const progress = updates.map((update) => update.progress).filter((value): value is number => value !== undefined);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((value) => value > 0 && value < 1)).toBe(true);
    const preview = updates.find((update) => update.preview)?.preview;
    expect(preview && (await describePicture(preview)).format).toBe('jpeg');

    await standIn.close();
    standIn = await startComfyUiStandIn({ apiKey: API_KEY, webSocket: false, pollsBeforeDone: 2 });
    const without: RenderUpdate[] = [];
    await expect(provider().generate(picture({ report: (update) => without.push(update) }))).resolves.toMatchObject({ seed: 4321 });
    expect(without.every((update) => update.progress === undefined && update.preview === undefined)).toBe(true);
  });

  describe('stopping a job', () => {
    /** Two jobs: the first running on the GPU, the second (cancellable) waiting behind it in ComfyUI's queue. */
    async function oneRunningOnePending() {
      const first = provider().generate(picture({ seed: 1 }));
      await waitForRequest(standIn, (request) => request.path.startsWith('/history/'));
      const controller = new AbortController();
      const second = provider().generate(picture({ seed: 2, signal: controller.signal }));
      const [running] = prompts();
      await waitForRequest(standIn, (request) => request.path.startsWith('/history/') && request.path !== `/history/${running.promptId}`);
      const [, pending] = prompts();
      return { first, second, controller, running, pending };
    }

    it('interrupts a running prompt by its prompt_id, at once and with the abort reason', async () => {
      standIn.pollsBeforeDone = Infinity;
      const controller = new AbortController();
      const reason = new Error('job time is up');
      const generation = provider({ pollIntervalMs: 60_000 }).generate(picture({ signal: controller.signal }));
      await waitForRequest(standIn, (request) => request.path.startsWith('/history/'));
      const [running] = prompts();
      expect(running.status).toBe('running');
      const started = Date.now();
      controller.abort(reason);

      await expect(generation).rejects.toBe(reason);
      expect(Date.now() - started).toBeLessThan(1_000);
      const interrupt = await waitForRequest(standIn, (request) => request.path === '/interrupt');
      expect(interrupt).toMatchObject({ method: 'POST', body: { prompt_id: running.promptId } });
      // /queue said it runs, so it is interrupted and nothing is deleted.
      expect(paths().filter((line) => line.startsWith('POST /'))).toEqual(['POST /prompt', 'POST /interrupt']);
      expect(running).toMatchObject({ status: 'done', interrupted: true });
      expect(JSON.stringify(running.history)).toContain('execution_interrupted');
    });

    it('takes a pending prompt out of the queue and interrupts nothing else', async () => {
      standIn.pollsBeforeDone = Infinity;
      const { first, second, controller, running, pending } = await oneRunningOnePending();
      expect(pending.status).toBe('pending'); // ComfyUI runs one prompt at a time

      controller.abort(new Error('cancelled by its owner'));
      await expect(second).rejects.toThrow('cancelled by its owner');
      const deleted = await waitForRequest(standIn, (request) => request.method === 'POST' && request.path === '/queue');
      expect(deleted.body).toEqual({ delete: [pending.promptId] });
      expect(paths()).not.toContain('POST /interrupt');
      expect(pending).toMatchObject({ status: 'deleted', interrupted: false });
      expect(running).toMatchObject({ status: 'running', interrupted: false });

      standIn.finishRunning();
      expect(await describePicture((await first).png)).toMatchObject({ colour: standInColour(1) });
      expect(pending.status).toBe('deleted');
      expect(pending.history).toBeUndefined(); // it never ran
    });

    describe('on a ComfyUI from before 2025 (/interrupt stops whatever runs, /prompt makes up the prompt_id)', () => {
      beforeEach(async () => {
        await standIn.close();
        standIn = await startComfyUiStandIn({ apiKey: API_KEY, before2025: true, pollsBeforeDone: Infinity });
      });

      it("cancelling a waiting job deletes it and never interrupts another job's run", async () => {
        const { first, second, controller, running, pending } = await oneRunningOnePending();
        // The server's own id is what the adapter polls, not the one it sent.
        const sent = standIn.requests.filter((request) => request.path === '/prompt').map((request) => (request.body as { prompt_id: string }).prompt_id);
        expect(sent).not.toContain(pending.promptId);

        controller.abort(new Error('cancelled by its owner'));
        await expect(second).rejects.toThrow('cancelled by its owner');
        const deleted = await waitForRequest(standIn, (request) => request.method === 'POST' && request.path === '/queue');
        expect(deleted.body).toEqual({ delete: [pending.promptId] });
        await new Promise((resolve) => setTimeout(resolve, 100)); // room for a stray /interrupt to arrive
        expect(paths()).not.toContain('POST /interrupt');
        expect(running).toMatchObject({ status: 'running', interrupted: false });
        standIn.finishRunning();
        expect(await describePicture((await first).png)).toMatchObject({ colour: standInColour(1) });
      });

      it('interrupts its own run when /queue shows it running', async () => {
        const controller = new AbortController();
        const generation = provider().generate(picture({ signal: controller.signal }));
        await waitForRequest(standIn, (request) => request.path.startsWith('/history/'));
        const [running] = prompts();
        controller.abort(new Error('job time is up'));
        await expect(generation).rejects.toThrow('job time is up');
        await waitForRequest(standIn, (request) => request.path === '/interrupt');
        expect(running).toMatchObject({ status: 'done', interrupted: true });
      });
    });

    it('leaves alone a run that ComfyUI ended itself, and says it was interrupted there', async () => {
      standIn.pollsBeforeDone = Infinity;
      const generation = provider().generate(picture());
      await waitForRequest(standIn, (request) => request.path.startsWith('/history/'));
      // Someone pressed Cancel in ComfyUI's own page: an interrupt without a prompt_id.
      const cancel = await fetch(`${standIn.url}/api/interrupt`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
      expect(cancel.status).toBe(200);

      await expect(generation).rejects.toThrow(`comfyui worker at ${standIn.url} failed to run the workflow: the run was interrupted`);
      expect(paths()).not.toContain('POST /queue');
    });

    it('takes the empty 200 ComfyUI answers to /queue and /interrupt as done, where JSON would fail', async () => {
      const http = new WorkerHttp({ kind: 'comfyui', url: standIn.url, apiKey: API_KEY }, { authorization: `Bearer ${API_KEY}` }, {
        unauthorized: '',
        notFound: '',
      });
      const signal = AbortSignal.timeout(5_000);
      await expect(http.call('/queue', { method: 'POST', body: { delete: ['gone'] }, signal })).resolves.toBeUndefined();
      await expect(http.call('/interrupt', { method: 'POST', body: { prompt_id: 'gone' }, signal })).resolves.toBeUndefined();
      await expect(http.json('/interrupt', { method: 'POST', body: { prompt_id: 'gone' }, signal })).rejects.toThrow(
        'answered /interrupt with something that is not JSON: (empty)',
      );
    });
  });

  describe('health check', () => {
    const check = (options?: Parameters<typeof provider>[0]) => provider(options).checkHealth(AbortSignal.timeout(5_000));

    it('reads /system_stats and the installed checkpoints, and reports the one it will load', async () => {
      await expect(check()).resolves.toEqual({ model: FIRST_INSTALLED });
      expect(paths()).toEqual(['GET /system_stats', 'GET /object_info/CheckpointLoaderSimple']);
      await expect(check({ checkpoint: SECOND_INSTALLED })).resolves.toEqual({ model: SECOND_INSTALLED });
    });

    it("names the worker's checkpoint when it is not installed, and the ones that are", async () => {
      await expect(check({ checkpoint: 'dreamshaper_8.safetensors' })).rejects.toThrow(
        `comfyui worker at ${standIn.url} has no checkpoint 'dreamshaper_8.safetensors' in ComfyUI/models/checkpoints; ` +
          `it has '${FIRST_INSTALLED}', '${SECOND_INSTALLED}'`,
      );
    });

    it('checks the checkpoint a configured template names, too', async () => {
      await expect(check({ workflow: ownWorkflow(SECOND_INSTALLED) })).resolves.toEqual({ model: SECOND_INSTALLED });
      await expect(check({ workflow: ownWorkflow('juggernautXL_v9.safetensors') })).rejects.toThrow(
        /has no checkpoint 'juggernautXL_v9\.safetensors' in ComfyUI\/models\/checkpoints; it has 'v1-5/,
      );
    });

    it('fails saying so when ComfyUI has no checkpoint at all', async () => {
      standIn.checkpoints = [];
      await expect(check()).rejects.toThrow(`comfyui worker at ${standIn.url} has no checkpoint installed: put one in ComfyUI/models/checkpoints`);
      await expect(check({ checkpoint: FIRST_INSTALLED })).rejects.toThrow(`has no checkpoint '${FIRST_INSTALLED}'`);
      await expect(check({ checkpoint: FIRST_INSTALLED })).rejects.toThrow(/; it has none$/);
    });

    it('fails when ComfyUI errors, refuses the key, or is gone', async () => {
      standIn.behaviour = 'fail';
      await expect(check()).rejects.toThrow(/answered 500/);
      standIn.behaviour = 'unauthorized';
      await expect(check()).rejects.toThrow(/answered 401/);
      await standIn.close();
      await expect(check()).rejects.toThrow(/could not be reached/);
    });
  });
});

// The stand-in is only worth its tests if it refuses and answers as ComfyUI does.
describe('ComfyUI stand-in', () => {
  let standIn: ComfyUiStandIn;
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    const response = await fetch(standIn.url + route, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const workflow = (checkpoint: string) => fillComfyWorkflow(DEFAULT_COMFYUI_WORKFLOW, { prompt: 'p', seed: 1, width: 64, height: 64, checkpoint });

  beforeEach(async () => {
    standIn = await startComfyUiStandIn({ checkpoints: ['a.safetensors', 'b.safetensors'], pollsBeforeDone: Infinity });
  });
  afterEach(() => standIn.close());

  it('lists the installed checkpoints as /object_info and /models do, under /api too', async () => {
    const info = await call('GET', '/api/object_info/CheckpointLoaderSimple');
    expect(info.json).toMatchObject({
      CheckpointLoaderSimple: {
        input: { required: { ckpt_name: [['a.safetensors', 'b.safetensors'], { tooltip: 'The name of the checkpoint (model) to load.' }] } },
        output: ['MODEL', 'CLIP', 'VAE'],
        name: 'CheckpointLoaderSimple',
        display_name: 'Load Checkpoint',
        category: 'loaders',
        output_node: false,
      },
    });
    expect((await call('GET', '/models/checkpoints')).json).toEqual(['a.safetensors', 'b.safetensors']);
    expect((await call('GET', '/object_info/NoSuchNode')).json).toEqual({});
  });

  it('refuses a missing checkpoint in node_errors, with empty details, and a body without a prompt', async () => {
    const refused = await call('POST', '/prompt', { prompt: workflow('x.safetensors') });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
      node_errors: {
        '4': {
          errors: [
            {
              type: 'value_not_in_list',
              message: 'Value not in list',
              details: "ckpt_name: 'x.safetensors' not in ['a.safetensors', 'b.safetensors']",
              extra_info: {
                input_name: 'ckpt_name',
                input_config: [['a.safetensors', 'b.safetensors'], { tooltip: 'The name of the checkpoint (model) to load.' }],
                received_value: 'x.safetensors',
              },
            },
          ],
          dependent_outputs: ['9'],
          class_type: 'CheckpointLoaderSimple',
        },
      },
    });
    const empty = await call('POST', '/prompt', { client_id: 'c' });
    expect(empty).toMatchObject({ status: 400, json: { error: { type: 'no_prompt', message: 'No prompt provided' }, node_errors: {} } });
    const unknown = await call('POST', '/prompt', { prompt: { '1': { class_type: 'MadeUpNode', inputs: {} } } });
    expect(unknown.json).toMatchObject({ error: { type: 'invalid_prompt', message: 'Cannot execute because node MadeUpNode does not exist.' } });
    expect(standIn.prompts.size).toBe(0);
  });

  it('runs one prompt at a time; /interrupt and /queue act only on the right one and answer an empty 200', async () => {
    const first = (await call('POST', '/prompt', { prompt: workflow('a.safetensors'), client_id: 'c' })).json as { prompt_id: string; number: number };
    const second = (await call('POST', '/prompt', { prompt: workflow('b.safetensors') })).json as { prompt_id: string };
    expect(first).toEqual({ prompt_id: expect.any(String), number: 0, node_errors: {} });
    const queue = (await call('GET', '/queue')).json as { queue_running: unknown[][]; queue_pending: unknown[][] };
    expect(queue.queue_running).toEqual([[0, first.prompt_id, workflow('a.safetensors'), { client_id: 'c' }, ['9']]]);
    expect(queue.queue_pending.map((item) => item[1])).toEqual([second.prompt_id]);

    // Deleting the running prompt and interrupting the pending one change nothing.
    expect(await call('POST', '/queue', { delete: [first.prompt_id] })).toMatchObject({ status: 200, text: '' });
    expect(await call('POST', '/interrupt', { prompt_id: second.prompt_id })).toMatchObject({ status: 200, text: '' });
    expect(prompts(standIn).map((prompt) => prompt.status)).toEqual(['running', 'pending']);
    expect((await call('GET', `/history/${first.prompt_id}`)).json).toEqual({});

    await call('POST', '/interrupt', { prompt_id: first.prompt_id });
    const history = (await call('GET', `/history/${first.prompt_id}`)).json as Record<string, { status: { messages: unknown[][] } }>;
    expect(history[first.prompt_id].status).toMatchObject({ status_str: 'error', completed: false });
    expect(history[first.prompt_id].status.messages.map(([event]) => event)).toContain('execution_interrupted');
    expect(prompts(standIn).map((prompt) => prompt.status)).toEqual(['done', 'running']); // the next one starts

    await call('POST', '/prompt', { prompt: workflow('a.safetensors') });
    await call('POST', '/queue', { clear: true });
    expect(prompts(standIn).map((prompt) => prompt.status)).toEqual(['done', 'running', 'deleted']);
  });

  function prompts(of: ComfyUiStandIn) {
    return [...of.prompts.values()];
  }
});

// The factory sits beside the adapters; its template option matters most for ComfyUI, hence here.
describe('createWorkerProvider', () => {
  const standIns: StandIn[] = [];
  afterEach(async () => {
    await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
  });

  it.each([
    ['a1111', '/sdapi/v1/txt2img', startA1111StandIn],
    ['comfyui', '/prompt', startComfyUiStandIn],
    ['runpod', '/v2/stand-in-endpoint/run', startRunpodStandIn],
  ] as const)('speaks the %s API, generating with POST %s', async (kind, generatePath, start) => {
    const standIn = await start();
    standIns.push(standIn);
    const provider = createWorkerProvider({ kind, url: standIn.url }, { pollIntervalMs: 10 });

    // 128: the smallest side RunPod's SD worker accepts.
    const result = await provider.generate(picture({ seed: 3, width: 128, height: 128 }));

    expect(standIn.requests.find((request) => request.method === 'POST')).toMatchObject({ path: generatePath });
    expect(await describePicture(result.png)).toMatchObject({ width: 128, height: 128, colour: standInColour(3) });
  });

  it('hands the ComfyUI template to the adapter', async () => {
    const standIn = await startComfyUiStandIn();
    standIns.push(standIn);
    const comfyWorkflow = ownWorkflow(FIRST_INSTALLED);

    await createWorkerProvider({ kind: 'comfyui', url: standIn.url }, { pollIntervalMs: 10, comfyWorkflow }).generate(picture());

    expect((standIn.requests[0].body as { prompt: QueuedWorkflow }).prompt['11'].inputs.text).toBe('a fox in the snow, film grain');
  });

  it('refuses a worker kind it does not know', () => {
    const connection = { kind: 'dalle', url: 'http://127.0.0.1:1' } as unknown as WorkerConnection;
    expect(() => createWorkerProvider(connection, {})).toThrow('Unknown GPU worker kind "dalle"');
  });
});
