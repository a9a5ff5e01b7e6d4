import type { RunpodImage } from '@atelier/contracts';
import {
  type RunpodImageEncoding,
  type RunpodOutputShape,
  type RunpodStandIn,
  type RunpodWorkerCounts,
  startRunpodStandIn,
} from '../../../../test/stand-ins/runpod-stand-in';
import { describePicture, standInColour, waitForRequest } from '../../../../test/stand-ins/stand-in-server';
import { A1111_TXT2IMG_DEFAULTS } from './a1111.adapter';
import { DEFAULT_COMFYUI_WORKFLOW, fillComfyWorkflow } from './comfyui-workflow';
import { type ImageRequest, ProviderError, type RenderUpdate, type WorkerConnection } from './image-provider';
import { type RunpodOptions, createRunpodProvider } from './runpod.adapter';

const API_KEY = 'rpa_STANDINKEY0123456789';
const CHECKPOINT = 'sd_xl_base_1.0.safetensors';
const PROMPT = 'a neon koi pond';

/** 512x384: sizes every image accepts (worker-stable_diffusion_v1 allows a fixed list of sides). */
function picture(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return { prompt: PROMPT, seed: 2024, width: 512, height: 384, signal: AbortSignal.timeout(10_000), ...overrides };
}

/** A `custom` input template sending exactly `extra` besides the prompt. */
function template(extra: Record<string, unknown>): Partial<WorkerConnection> {
  return { runpodImage: 'custom', inputTemplate: { prompt: '{{prompt}}', ...extra } };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runpod adapter against a RunPod serverless stand-in', () => {
  let standIn: RunpodStandIn;
  const connect = (connection: Partial<WorkerConnection> = {}, options: RunpodOptions = {}) =>
    createRunpodProvider({ kind: 'runpod', url: standIn.url, apiKey: API_KEY, ...connection }, { pollIntervalMs: 10, ...options });
  const requestsTo = (route: string) => standIn.requests.filter((request) => request.path.includes(`/${route}`));
  const onlyJob = () => {
    expect(standIn.jobs.size).toBe(1);
    const [[id, job]] = standIn.jobs;
    return { id, ...job };
  };

  beforeEach(async () => {
    standIn = await startRunpodStandIn({ apiKey: API_KEY });
  });
  afterEach(() => standIn.close());

  it('submits the job with a bearer key, polls its status, and returns the PNG and seed', async () => {
    const result = await connect().generate(picture());

    const [run] = standIn.requests;
    expect(run).toMatchObject({ method: 'POST', path: '/v2/stand-in-endpoint/run' });
    expect(run.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(run.body).toEqual({ input: { prompt: PROMPT, seed: 2024, width: 512, height: 384 } });

    const job = onlyJob();
    expect(requestsTo('status').length).toBeGreaterThanOrEqual(2); // IN_PROGRESS first, then COMPLETED
    for (const poll of requestsTo('status')) {
      expect(poll).toMatchObject({ method: 'GET', path: `/v2/stand-in-endpoint/status/${job.id}` });
      expect(poll.headers.authorization).toBe(`Bearer ${API_KEY}`);
    }
    expect(job.finished).toBe('COMPLETED');
    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 512, height: 384, colour: standInColour(2024) });
    expect(result.seed).toBe(2024);
  });

  it('reports a cold start as queued and IN_PROGRESS as rendering', async () => {
    standIn.pollsBeforeDone = 3; // IN_QUEUE, IN_QUEUE, IN_PROGRESS, then COMPLETED
    const updates: RenderUpdate[] = [];
    await connect().generate(picture({ report: (update) => updates.push(update) }));
    expect(updates.map((update) => update.phase)).toEqual(['queued', 'queued', 'rendering']);
  });

  describe('worker images', () => {
    const sdInput = { prompt: PROMPT, seed: 2024, width: 512, height: 384 };
    it.each<[RunpodImage, boolean, Partial<WorkerConnection>, unknown, [number, number]]>([
      ['sd-v1', true, {}, sdInput, [512, 384]],
      ['sdxl', true, {}, sdInput, [512, 384]],
      ['sdxl', false, {}, sdInput, [512, 384]],
      ['sdxl-turbo', false, {}, { ...sdInput, width: 512, height: 512 }, [512, 512]],
      ['a1111', false, {}, { ...sdInput, ...A1111_TXT2IMG_DEFAULTS, batch_size: 1, n_iter: 1 }, [512, 384]],
      [
        'comfyui',
        true,
        { checkpoint: CHECKPOINT },
        { workflow: fillComfyWorkflow(DEFAULT_COMFYUI_WORKFLOW, { ...sdInput, checkpoint: CHECKPOINT }) },
        [512, 384],
      ],
      [
        'comfyui',
        false,
        { checkpoint: CHECKPOINT },
        { workflow: fillComfyWorkflow(DEFAULT_COMFYUI_WORKFLOW, { ...sdInput, checkpoint: CHECKPOINT }) },
        [512, 384],
      ],
      [
        'custom',
        false,
        { inputTemplate: { text: 'koi: {{prompt}}', seed: '{{seed}}', width: '{{width}}', height: '{{height}}', steps: 4 } },
        { text: `koi: ${PROMPT}`, seed: 2024, width: 512, height: 384, steps: 4 },
        [512, 384],
      ],
    ])('%s (bucket: %s) gets exactly the input it accepts, and its answer is read', async (image, bucket, connection, input, size) => {
      standIn.image = image;
      standIn.bucket = bucket;

      const result = await connect({ runpodImage: image, ...connection }).generate(picture());

      expect(standIn.requests[0].body).toEqual({ input });
      expect(onlyJob().finished).toBe('COMPLETED');
      const [width, height] = size;
      expect(await describePicture(result.png)).toEqual({ format: 'png', width, height, colour: standInColour(2024) });
      expect(result.seed).toBe(2024);
      // Presigned bucket URLs are fetched without the RunPod key.
      const downloads = standIn.requests.filter((request) => request.path.startsWith('/files/'));
      expect(downloads.map((request) => request.headers.authorization)).toEqual(bucket ? [undefined] : []);
    });

    it.each<RunpodImage>(['sdxl', 'a1111'])('the default sd-v1 input suits an endpoint running %s too', async (image) => {
      standIn.image = image;
      const result = await connect().generate(picture());
      expect(onlyJob().finished).toBe('COMPLETED');
      expect(await describePicture(result.png)).toMatchObject({ width: 512, height: 384, colour: standInColour(2024) });
    });

    it.each<[RunpodImage, Partial<WorkerConnection>, string]>([
      // rp_validator's words, as the worker's `error` list carries them.
      ['sdxl', template({ seed: '{{seed}}', num_outputs: 1 }), 'Unexpected input. num_outputs is not a valid input option.'],
      [
        'sd-v1',
        template({ steps: 20, width: 300 }),
        'Unexpected input. steps is not a valid input option.; width does not meet the constraints.',
      ],
      ['sd-v1', { runpodImage: 'custom', inputTemplate: { seed: '{{seed}}' } }, 'prompt is a required input.'],
      ['sd-v1', template({ seed: 'tomorrow' }), "seed should be <class 'int'> type, not <class 'str'>."],
      ['sdxl-turbo', template({ width: 768 }), "Input validation failed: ['width does not meet the constraints.']"],
      ['comfyui', template({}), "Missing 'workflow' parameter"],
    ])('an endpoint running %s refuses what that image refuses, in its own words', async (image, connection, reason) => {
      standIn.image = image;
      const failure = connect(connection).generate(picture());
      await expect(failure).rejects.toBeInstanceOf(ProviderError);
      await expect(failure).rejects.toThrow(`runpod worker at ${standIn.url}: job ${onlyJob().id} failed: ${reason}`);
      expect(onlyJob().finished).toBe('FAILED');
    });

    it("fails naming the comfyui image's checkpoints when it lacks the one asked for", async () => {
      standIn.image = 'comfyui';
      const failure = connect({ runpodImage: 'comfyui', checkpoint: 'missing.safetensors' }).generate(picture());

      await expect(failure).rejects.toThrow(
        /failed: Workflow validation failed: • Node 4 \(errors\): .*ckpt_name: 'missing\.safetensors' not in \['sd_xl_base_1\.0\.safetensors'\]/,
      );
      // What the worker said in full (the adapter quotes its first 200 characters).
      expect(onlyJob().result?.error).toMatch(/\n\nAvailable checkpoint models: sd_xl_base_1\.0\.safetensors$/);
    });

    it.each<[RunpodOutputShape, RunpodImageEncoding, 'reported' | 'requested']>([
      ['list', 'base64', 'reported'],
      ['list', 'url', 'reported'],
      ['images', 'data-url', 'reported'],
      ['images', 'base64', 'reported'],
      ['image', 'data-url', 'requested'],
      ['image_url', 'url', 'requested'],
    ])('reads a custom handler’s %s output with %s images (seed: %s)', async (shape, encoding, seedFrom) => {
      Object.assign(standIn, { image: 'custom', outputShape: shape, imageEncoding: encoding, reportedSeed: 31_337 });

      const custom = connect(template({ seed: '{{seed}}', width: '{{width}}', height: '{{height}}' }));
      const result = await custom.generate(picture({ seed: 5 }));

      expect(await describePicture(result.png)).toEqual({ format: 'png', width: 512, height: 384, colour: standInColour(5) });
      expect(result.seed).toBe(seedFrom === 'reported' ? 31_337 : 5);
    });

    // rp_upload's get_boto_client wants all three bucket settings; without them the picture stays on the worker.
    it.each([false, 'url-only'] as const)('refuses a path on the worker’s own disk (sd-v1, bucket %s), naming all three bucket settings', async (bucket) => {
      standIn.bucket = bucket;
      const failure = connect().generate(picture());
      await expect(failure).rejects.toBeInstanceOf(ProviderError);
      await expect(failure).rejects.toThrow(
        `saved the picture on the worker's own disk (local_upload/${onlyJob().id}): rp_upload needs BUCKET_ENDPOINT_URL, BUCKET_ACCESS_KEY_ID and BUCKET_SECRET_ACCESS_KEY on the endpoint (all three)`,
      );
    });

    it.each(['sdxl', 'comfyui'] as const)('says the bucket keys are missing when %s has BUCKET_ENDPOINT_URL alone (simulated_uploaded/)', async (image) => {
      standIn.image = image;
      standIn.bucket = 'url-only';
      const failure = connect({ runpodImage: image, checkpoint: 'sd_xl_base_1.0.safetensors' }).generate(picture({ width: 512, height: 512 }));
      await expect(failure).rejects.toThrow(
        /own disk \(simulated_uploaded\/[0-9a-f]{8}\.png\): BUCKET_ENDPOINT_URL is set but the bucket keys are missing: set BUCKET_ACCESS_KEY_ID and BUCKET_SECRET_ACCESS_KEY/,
      );
    });
  });

  describe('execution policy', () => {
    it.each<[RunpodOptions, { executionTimeout: number; ttl: number }]>([
      // ttl: the limits plus a quarter, at least 10 minutes more (RunPod's ttl counts from submission, ours later).
      [{ renderTimeoutMs: 120_000, queueTimeoutMs: 600_000 }, { executionTimeout: 120_000, ttl: 1_320_000 }],
      [{ renderTimeoutMs: 3_600_000, queueTimeoutMs: 3_600_000 }, { executionTimeout: 3_600_000, ttl: 9_000_000 }],
      [{ renderTimeoutMs: 1_000 }, { executionTimeout: 5_001, ttl: 605_001 }],
      [{ renderTimeoutMs: 6 * 86_400_000, queueTimeoutMs: 6 * 86_400_000 }, { executionTimeout: 6 * 86_400_000, ttl: 7 * 86_400_000 }],
    ])('sends %j as a policy RunPod accepts: %j', async (options, policy) => {
      await connect({}, options).generate(picture());
      expect(standIn.requests[0].body).toMatchObject({ policy });
      expect(onlyJob()).toMatchObject({ policy, finished: 'COMPLETED' });
    });

    it('leaves the job alive when it ends just within our limits, which start after RunPod’s ttl does', async () => {
      standIn.pollsBeforeDone = 2;
      const limits = { renderTimeoutMs: 120_000, queueTimeoutMs: 600_000 };
      // Both limits nearly used up, counted from the first poll; RunPod's clock started at submission, earlier.
      const report = (update: RenderUpdate) => update.phase === 'queued' && standIn.elapse(limits.renderTimeoutMs + limits.queueTimeoutMs + 5_000);
      await expect(connect({}, limits).generate(picture({ report }))).resolves.toHaveProperty('png');
    });

    it('says plainly that a job RunPod dropped (its ttl passed) is lost, without the worker URL hint', async () => {
      standIn.pollsBeforeDone = 2;
      const report = (update: RenderUpdate) => update.phase === 'queued' && standIn.elapse(3_600_000);
      const failure = connect({}, { renderTimeoutMs: 120_000, queueTimeoutMs: 600_000 }).generate(picture({ report }));
      await expect(failure).rejects.toThrow(/RunPod no longer has job \S+ \(its ttl was 1320 s from submission\): it expired .*; the job is lost, submit it again$/);
      await expect(failure).rejects.not.toThrow('Check the worker URL');
      expect(standIn.requests.map((request) => request.path)).not.toContainEqual(expect.stringContaining('/cancel/'));
    });

    it('sends no policy without a render time limit', async () => {
      await connect().generate(picture());
      expect(standIn.requests[0].body).not.toHaveProperty('policy');
      expect(onlyJob().policy).toBeUndefined();
    });
  });

  describe('failures', () => {
    it("fails with the worker's error message when the handler raised (RunPod's JSON error)", async () => {
      standIn.behaviour = 'fail';
      const failure = connect().generate(picture());
      await expect(failure).rejects.toBeInstanceOf(ProviderError);
      await expect(failure).rejects.toThrow(
        `runpod worker at ${standIn.url}: job ${onlyJob().id} failed: CUDA out of memory. Tried to allocate 3.00 GiB`,
      );
      await expect(failure).rejects.not.toThrow(/Traceback/);
    });

    it.each<[RunpodImage, Partial<WorkerConnection>, string]>([
      ['sdxl', {}, 'RuntimeError: CUDA out of memory. Tried to allocate 3.00 GiB, Stack Trace'],
      ['sdxl-turbo', {}, 'Image generation failed: CUDA out of memory. Tried to allocate 3.00 GiB'],
      ['a1111', {}, 'OutOfMemoryError: CUDA out of memory. Tried to allocate 3.00 GiB'],
      ['comfyui', { checkpoint: CHECKPOINT }, 'Job processing failed: Workflow execution error: Node Type: KSampler, Node ID: 3, Message: CUDA out'],
    ])('fails with what the %s image returned as its error', async (image, connection, reason) => {
      Object.assign(standIn, { image, behaviour: 'fail' });
      await expect(connect({ runpodImage: image, ...connection }).generate(picture())).rejects.toThrow(`failed: ${reason}`);
      expect(onlyJob().finished).toBe('FAILED');
    });

    it.each<[string, unknown, string]>([
      ['text', { error: 'NSFW content detected' }, 'NSFW content detected'],
      ['a list', { error: ['first problem', 'second problem'] }, 'first problem; second problem'],
      ['an object', { error: { message: 'prompt too long' } }, 'prompt too long'],
      ['a JSON string', { error: JSON.stringify({ error_type: 'ValueError', error_message: 'bad seed' }) }, 'bad seed'],
    ])('takes a COMPLETED job whose output carries an error (%s) for a failure', async (_kind, returned, reason) => {
      Object.assign(standIn, { handlerReturns: returned, reportErrorsAs: 'COMPLETED' });
      const failure = connect().generate(picture());
      await expect(failure).rejects.toBeInstanceOf(ProviderError);
      await expect(failure).rejects.toThrow(`job ${onlyJob().id} failed: ${reason}`);
      expect(onlyJob().finished).toBe('COMPLETED');
    });

    it('takes a COMPLETED job with only `errors` and no picture for a failure', async () => {
      standIn.handlerReturns = { errors: ['Failed to fetch image data for atelier_00001_.png from /view endpoint.'] };
      await expect(connect().generate(picture())).rejects.toThrow('failed: Failed to fetch image data for atelier_00001_.png');
      expect(onlyJob().finished).toBe('COMPLETED');
    });

    it('fails when the job is cancelled on RunPod’s side', async () => {
      standIn.pollsBeforeDone = 1_000;
      const generation = connect().generate(picture());
      await waitForRequest(standIn, (request) => request.path.includes('/status/'));
      const { id } = onlyJob();
      await fetch(`${standIn.url}/cancel/${id}`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
      await expect(generation).rejects.toThrow(`job ${id} was cancelled: no reason given`);
      await pause(50);
      expect(requestsTo('cancel')).toHaveLength(1); // ours above, none from the adapter
    });

    it('fails with the status and a short body on a 5xx', async () => {
      standIn.behaviour = 'server-error';
      await expect(connect().generate(picture())).rejects.toThrow(`runpod worker at ${standIn.url} answered 500: Internal Server Error`);
    });

    it('rides out a brief 5xx while polling, but not a lasting one', async () => {
      standIn.pollsBeforeDone = 3;
      const generation = connect().generate(picture());
      await waitForRequest(standIn, (request) => request.path.includes('/status/'));
      standIn.behaviour = 'server-error';
      await waitForRequest(standIn, () => requestsTo('status').length >= 3);
      standIn.behaviour = 'ok';
      await expect(generation).resolves.toMatchObject({ seed: 2024 });

      standIn.pollsBeforeDone = 1_000;
      const doomed = connect().generate(picture());
      await waitForRequest(standIn, () => requestsTo('status').length >= 6);
      standIn.behaviour = 'server-error';
      await expect(doomed).rejects.toThrow(/answered 500: Internal Server Error/);
    });

    it('rejects an output image that cannot be decoded', async () => {
      standIn.behaviour = 'garbage';
      await expect(connect().generate(picture())).rejects.toThrow(`runpod worker at ${standIn.url} returned an image that could not be decoded`);
    });

    it('says the API key was refused, without repeating it', async () => {
      const failure = connect({ apiKey: 'rpa_WRONGKEY' }).generate(picture());
      await expect(failure).rejects.toThrow(/answered 401: Unauthorized\. Check the worker's RunPod API key/);
      await expect(failure).rejects.not.toThrow(/rpa_WRONGKEY/);
    });

    it('gives up promptly when RunPod hangs and the signal times out', async () => {
      standIn.behaviour = 'hang';
      const started = Date.now();
      await expect(connect().generate(picture({ signal: AbortSignal.timeout(150) }))).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  describe('cancelling the job on RunPod', () => {
    it('stops waiting mid-poll at once with the abort reason, and cancels the job', async () => {
      standIn.pollsBeforeDone = 1_000;
      const slow = createRunpodProvider({ kind: 'runpod', url: standIn.url, apiKey: API_KEY }, { pollIntervalMs: 60_000 });
      const controller = new AbortController();
      const reason = new Error('job time is up');
      const generation = slow.generate(picture({ signal: controller.signal }));
      await waitForRequest(standIn, (request) => request.path.includes('/status/'));
      const started = Date.now();
      controller.abort(reason);

      await expect(generation).rejects.toBe(reason);
      expect(Date.now() - started).toBeLessThan(1_000);
      const { id } = onlyJob();
      const cancel = await waitForRequest(standIn, (request) => request.path.includes('/cancel/'));
      expect(cancel).toMatchObject({ method: 'POST', path: `/v2/stand-in-endpoint/cancel/${id}` });
      expect(cancel.headers.authorization).toBe(`Bearer ${API_KEY}`);
      await waitForRequest(standIn, () => onlyJob().finished === 'CANCELLED');
    });

    it('cancels the job when polling fails for good', async () => {
      standIn.pollsBeforeDone = 1_000;
      const generation = connect().generate(picture());
      await waitForRequest(standIn, (request) => request.path.includes('/status/'));
      standIn.behaviour = 'unauthorized'; // the key was revoked mid-job

      await expect(generation).rejects.toThrow(/answered 401/);
      // Best effort: this one is refused too, but it was asked for, with the key.
      const cancel = await waitForRequest(standIn, (request) => request.path.includes('/cancel/'));
      expect(cancel).toMatchObject({ method: 'POST', path: `/v2/stand-in-endpoint/cancel/${onlyJob().id}` });
      expect(cancel.headers.authorization).toBe(`Bearer ${API_KEY}`);
    });

    it.each<[string, Partial<RunpodStandIn>]>([
      ['FAILED', { behaviour: 'fail' }],
      ['COMPLETED with an error', { handlerReturns: { error: 'NSFW content detected' }, reportErrorsAs: 'COMPLETED' }],
      ['COMPLETED without a picture', { handlerReturns: { status: 'success_no_images', images: [] } }],
    ])('sends no cancel for a job RunPod already ended (%s)', async (_ending, knobs) => {
      Object.assign(standIn, knobs);
      await expect(connect().generate(picture())).rejects.toBeInstanceOf(ProviderError);
      await pause(50);
      expect(requestsTo('cancel')).toEqual([]);
    });
  });

  describe('health check', () => {
    it('reads the endpoint /health with the key and names the model of the image', async () => {
      await expect(connect().checkHealth(AbortSignal.timeout(5_000))).resolves.toEqual({ model: 'Stable Diffusion 1.5', warning: undefined });
      expect(standIn.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v2/stand-in-endpoint/health' })]);
      expect(standIn.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    });

    it.each<[RunpodImage, Partial<WorkerConnection>, string | undefined]>([
      ['sdxl', {}, 'Stable Diffusion XL 1.0'],
      ['sdxl-turbo', {}, 'SDXL Turbo'],
      ['comfyui', { checkpoint: CHECKPOINT }, CHECKPOINT],
      ['a1111', {}, undefined],
      ['custom', { inputTemplate: { prompt: '{{prompt}}' } }, undefined],
    ])('names the model for the %s image when it is known', async (image, connection, model) => {
      standIn.image = image;
      await expect(connect({ runpodImage: image, ...connection }).checkHealth(AbortSignal.timeout(5_000))).resolves.toEqual({
        model,
        warning: undefined,
      });
    });

    const none: RunpodWorkerCounts = { idle: 0, initializing: 0, ready: 0, running: 0, throttled: 0, unhealthy: 0 };
    it.each<[string, Partial<RunpodWorkerCounts>, RegExp | undefined]>([
      ['one running', { running: 1 }, undefined],
      ['one ready', { ready: 1 }, undefined],
      ['no workers at all', {}, /^no worker is running or idle: the next job waits for a cold start/],
      ['two throttled', { throttled: 2 }, /^all 2 of its workers are throttled: RunPod has no GPU of that type free/],
      ['one initializing', { initializing: 1, unhealthy: 1 }, /^its workers are still starting/],
    ])('warns from the worker counts (%s)', async (_counts, workers, warning) => {
      standIn.workers = { ...none, ...workers };
      const report = await connect().checkHealth(AbortSignal.timeout(5_000));
      if (warning) expect(report.warning).toMatch(warning);
      else expect(report.warning).toBeUndefined();
    });

    it('fails when the endpoint errors, refuses the key, hangs, or is unknown', async () => {
      standIn.behaviour = 'fail';
      await expect(connect().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 500/);
      standIn.behaviour = 'ok';
      await expect(connect({ apiKey: 'rpa_NOPE' }).checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 401/);
      standIn.behaviour = 'hang';
      await expect(connect().checkHealth(AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
      standIn.behaviour = 'ok';
      const elsewhere = createRunpodProvider({ kind: 'runpod', url: standIn.url.replace('stand-in-endpoint', 'other'), apiKey: API_KEY });
      await expect(elsewhere.checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 404 for \/health: .*\/v2\/<endpoint id>/);
    });
  });
});
