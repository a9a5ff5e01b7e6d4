import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startA1111StandIn } from '../../../../test/stand-ins/a1111-stand-in';
import { type ComfyUiStandIn, startComfyUiStandIn } from '../../../../test/stand-ins/comfyui-stand-in';
import { startRunpodStandIn } from '../../../../test/stand-ins/runpod-stand-in';
import { type StandIn, describePicture, standInColour, waitForRequest } from '../../../../test/stand-ins/stand-in-server';
import {
  DEFAULT_COMFYUI_WORKFLOW,
  checkComfyWorkflow,
  createComfyUiProvider,
  fillComfyWorkflow,
  loadComfyWorkflow,
} from './comfyui.adapter';
import { type ImageRequest, ProviderError, type WorkerConnection } from './image-provider';
import { createWorkerProvider } from './worker-providers';

const API_KEY = 'comfy-proxy-key-123';

function picture(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return { prompt: 'a fox in the snow', seed: 4321, width: 256, height: 384, signal: AbortSignal.timeout(10_000), ...overrides };
}

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
    const template = JSON.parse('{"__proto__": {"text": "{{prompt}}"}, "n": {"inputs": {"text": "{{prompt}}"}}}') as object;
    const before = JSON.stringify(template);
    const filled = fillComfyWorkflow(template, values) as Record<string, unknown>;
    expect(JSON.stringify(template)).toBe(before);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(Object.keys(filled)).toEqual(['__proto__', 'n']);
  });

  it('ships a standard SD 1.5 txt2img graph with all four placeholders', () => {
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
    expect(JSON.stringify(DEFAULT_COMFYUI_WORKFLOW)).toMatch(/v1-5[^"]*\.safetensors/);
    const filled = JSON.stringify(fillComfyWorkflow(DEFAULT_COMFYUI_WORKFLOW, { ...values, prompt: 'a cat' }));
    expect(filled).not.toContain('{{');
    expect(filled).toContain('"seed":99');
    expect(filled).toContain('"text":"a cat"');
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
  const provider = (apiKey: string | undefined = API_KEY, workflow?: unknown) =>
    createComfyUiProvider({ kind: 'comfyui', url: standIn.url, apiKey }, { workflow, pollIntervalMs: 20 });

  beforeEach(async () => {
    standIn = await startComfyUiStandIn({ apiKey: API_KEY });
  });
  afterEach(() => standIn.close());

  it('queues the filled workflow, polls history, and fetches the saved image from /view', async () => {
    const result = await provider().generate(picture());

    const [queued, ...rest] = standIn.requests;
    expect(queued).toMatchObject({ method: 'POST', path: '/prompt' });
    expect(queued.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = queued.body as { prompt: Record<string, { inputs: Record<string, unknown> }>; client_id: unknown };
    expect(typeof body.client_id).toBe('string');
    expect(body.prompt['3'].inputs.seed).toBe(4321);
    expect(body.prompt['5'].inputs).toMatchObject({ width: 256, height: 384 });
    expect(body.prompt['6'].inputs.text).toBe('a fox in the snow');
    expect(body.prompt['4'].inputs.ckpt_name).toBe('v1-5-pruned-emaonly.safetensors');

    const promptId = [...standIn.prompts.keys()][0];
    const polls = rest.filter((request) => request.path === `/history/${promptId}`);
    expect(polls.length).toBeGreaterThanOrEqual(2); // the stand-in needs one poll before the run ends
    const view = rest[rest.length - 1];
    expect(view).toMatchObject({ method: 'GET', path: '/view', query: { filename: 'atelier_00001_.png', subfolder: '', type: 'output' } });
    expect(view.headers.authorization).toBe(`Bearer ${API_KEY}`);

    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 256, height: 384, colour: standInColour(4321) });
    expect(result.seed).toBe(4321);
  });

  it('sends a configured template, filled in, and finds its SaveImage output whatever its node id', async () => {
    const template = {
      '10': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'dreamshaper_8.safetensors' } },
      '11': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}, film grain', clip: ['10', 1] } },
      '12': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
      '13': { class_type: 'KSampler', inputs: { seed: '{{seed}}', model: ['10', 0], positive: ['11', 0], latent_image: ['12', 0] } },
      '42': { class_type: 'SaveImage', inputs: { filename_prefix: 'mine', images: ['13', 0] } },
    };
    const result = await provider(API_KEY, template).generate(picture({ seed: 8, width: 64, height: 96 }));

    expect((standIn.requests[0].body as { prompt: unknown }).prompt).toEqual(
      fillComfyWorkflow(template, { prompt: 'a fox in the snow', seed: 8, width: 64, height: 96 }),
    );
    expect(await describePicture(result.png)).toMatchObject({ width: 64, height: 96, colour: standInColour(8) });
  });

  it("fails with ComfyUI's execution error when the run fails", async () => {
    standIn.behaviour = 'fail';
    const failure = provider().generate(picture());
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(
      `comfyui worker at ${standIn.url} failed to run the workflow: KSampler (node 3): CUDA out of memory. Tried to allocate 1.50 GiB`,
    );
  });

  it("fails with ComfyUI's validation message when it refuses the workflow", async () => {
    const template = { '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', steps: '{{steps}}' } } };
    await expect(provider(API_KEY, template).generate(picture())).rejects.toThrow(
      /answered 400: Prompt outputs failed validation: Failed to convert an input value to a valid value: steps, \{\{steps\}\}/,
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
    const failure = provider('not-the-key').generate(picture());
    await expect(failure).rejects.toThrow(/answered 401: 401: Unauthorized\. Check the worker's API key/);
    await expect(failure).rejects.not.toThrow(/not-the-key/);
  });

  it('gives up promptly when ComfyUI hangs and the signal times out', async () => {
    standIn.behaviour = 'hang';
    const started = Date.now();
    await expect(provider().generate(picture({ signal: AbortSignal.timeout(150) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops waiting mid-poll at once with the abort reason, and drops the prompt from the queue', async () => {
    standIn.pollsBeforeDone = 1_000;
    const slow = createComfyUiProvider({ kind: 'comfyui', url: standIn.url, apiKey: API_KEY }, { pollIntervalMs: 60_000 });
    const controller = new AbortController();
    const reason = new Error('job time is up');
    const generation = slow.generate(picture({ signal: controller.signal }));
    await waitForRequest(standIn, (request) => request.path.startsWith('/history/'));
    const started = Date.now();
    controller.abort(reason);

    await expect(generation).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1_000);
    const promptId = [...standIn.prompts.keys()][0];
    const dropped = await waitForRequest(standIn, (request) => request.method === 'POST' && request.path === '/queue');
    expect(dropped.body).toEqual({ delete: [promptId] });
    expect(standIn.prompts.get(promptId)?.deleted).toBe(true);
  });

  describe('health check', () => {
    it('reads /system_stats', async () => {
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).resolves.toBeUndefined();
      expect(standIn.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/system_stats' })]);
    });

    it('fails when ComfyUI errors, refuses the key, or is gone', async () => {
      standIn.behaviour = 'fail';
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 500/);
      standIn.behaviour = 'unauthorized';
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 401/);
      await standIn.close();
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/could not be reached/);
    });
  });
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
  ] as const)('speaks the %s API, starting with POST %s', async (kind, firstPath, start) => {
    const standIn = await start();
    standIns.push(standIn);
    const provider = createWorkerProvider({ kind, url: standIn.url }, { pollIntervalMs: 10 });

    const result = await provider.generate(picture({ seed: 3, width: 64, height: 64 }));

    expect(standIn.requests[0]).toMatchObject({ method: 'POST', path: firstPath });
    expect(await describePicture(result.png)).toMatchObject({ width: 64, height: 64, colour: standInColour(3) });
  });

  it('hands the ComfyUI template to the adapter', async () => {
    const standIn = await startComfyUiStandIn();
    standIns.push(standIn);
    const comfyWorkflow = {
      '1': { class_type: 'CLIPTextEncode', inputs: { text: 'template says {{prompt}}' } },
      '2': { class_type: 'SaveImage', inputs: {} },
    };

    await createWorkerProvider({ kind: 'comfyui', url: standIn.url }, { pollIntervalMs: 10, comfyWorkflow }).generate(picture());

    expect((standIn.requests[0].body as { prompt: unknown }).prompt).toEqual({
      '1': { class_type: 'CLIPTextEncode', inputs: { text: 'template says a fox in the snow' } },
      '2': { class_type: 'SaveImage', inputs: {} },
    });
  });

  it('refuses a worker kind it does not know', () => {
    const connection = { kind: 'dalle', url: 'http://127.0.0.1:1' } as unknown as WorkerConnection;
    expect(() => createWorkerProvider(connection, {})).toThrow('Unknown GPU worker kind "dalle"');
  });
});
