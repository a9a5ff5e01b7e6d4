import { A1111_STAND_IN_CHECKPOINT, type A1111StandIn, startA1111StandIn } from '../../../../test/stand-ins/a1111-stand-in';
import { describePicture, standInColour, waitForRequest } from '../../../../test/stand-ins/stand-in-server';
import { createA1111Provider, txt2imgBody } from './a1111.adapter';
import { type ImageRequest, ProviderError, type RenderUpdate } from './image-provider';

const CREDENTIALS = 'painter:s3cret-pass';

function picture(overrides: Partial<ImageRequest> = {}): ImageRequest {
  const prompt = 'a lighthouse at dusk, "oil" painting';
  return { prompt, seed: 1234, width: 320, height: 192, signal: AbortSignal.timeout(10_000), ...overrides };
}

/** Polls a condition the stand-in's state will reach. */
async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a1111 adapter against an AUTOMATIC1111 / Forge stand-in', () => {
  let standIn: A1111StandIn;
  const provider = (apiKey: string | undefined = CREDENTIALS) => createA1111Provider({ kind: 'a1111', url: standIn.url, apiKey });

  beforeEach(async () => {
    standIn = await startA1111StandIn({ auth: CREDENTIALS });
  });
  afterEach(() => standIn.close());

  it('posts one txt2img request with Basic auth and returns a decodable PNG of the requested size', async () => {
    const result = await provider().generate(picture());

    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/sdapi/v1/txt2img' });
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(CREDENTIALS).toString('base64')}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      prompt: 'a lighthouse at dusk, "oil" painting',
      seed: 1234,
      width: 320,
      height: 192,
      steps: expect.any(Number),
      cfg_scale: expect.any(Number),
      sampler_name: expect.any(String),
      batch_size: 1,
      n_iter: 1,
      force_task_id: expect.stringMatching(/^task\(atelier-[0-9a-f-]{36}\)$/),
    });
    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 320, height: 192, colour: standInColour(1234) });
    expect(result.seed).toBe(1234);
  });

  it('returns the seed the web UI reports in info, not the one it was asked for', async () => {
    standIn.reportedSeed = 987_654_321;
    const result = await provider().generate(picture());
    expect(result.seed).toBe(987_654_321);
  });

  it('falls back to the requested seed when info carries none', async () => {
    standIn.reportedSeed = null;
    const result = await provider().generate(picture({ seed: 77 }));
    expect(result.seed).toBe(77);
  });

  it("fails with the web UI's own error text when it answers its error JSON with 500", async () => {
    standIn.behaviour = 'fail';
    const failure = provider().generate(picture());
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(
      `a1111 worker at ${standIn.url} answered 500: OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB`,
    );
  });

  it('fails with the status and a short body on a bare 5xx', async () => {
    standIn.behaviour = 'server-error';
    await expect(provider().generate(picture())).rejects.toThrow(`a1111 worker at ${standIn.url} answered 500: Internal Server Error`);
  });

  it('rejects an answer whose image cannot be decoded', async () => {
    standIn.behaviour = 'garbage';
    await expect(provider().generate(picture())).rejects.toThrow(`a1111 worker at ${standIn.url} returned an image that could not be decoded`);
  });

  it('says the credentials were refused, without repeating them', async () => {
    const failure = provider('painter:wrong-pass').generate(picture());
    await expect(failure).rejects.toThrow(/answered 401: HTTPException: Incorrect username or password\. .*--api-auth/);
    await expect(failure).rejects.not.toThrow(/wrong-pass/);

    standIn.behaviour = 'unauthorized';
    await expect(provider().generate(picture())).rejects.toThrow(/answered 401/);
  });

  it('gives up promptly when the web UI hangs and the signal times out, with the abort reason', async () => {
    standIn.behaviour = 'hang';
    const started = Date.now();
    await expect(provider().generate(picture({ signal: AbortSignal.timeout(150) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(standIn.requests).toHaveLength(1);
  });

  it('rethrows the caller’s abort reason unchanged', async () => {
    standIn.behaviour = 'hang';
    const controller = new AbortController();
    const reason = new Error('job time is up');
    setTimeout(() => controller.abort(reason), 30);
    await expect(provider().generate(picture({ signal: controller.signal }))).rejects.toBe(reason);
  });

  it('explains a worker that cannot be reached', async () => {
    await standIn.close();
    await expect(provider().generate(picture())).rejects.toThrow(`a1111 worker at ${standIn.url} could not be reached: connect ECONNREFUSED`);
  });

  describe('progress', () => {
    it('reports our task waiting behind another, then rendering with its progress and a preview', async () => {
      standIn.renderMs = 1_500;
      const first = provider().generate(picture({ seed: 1 }));
      await waitFor(() => standIn.tasks.size === 1);
      const updates: RenderUpdate[] = [];
      await provider().generate(picture({ seed: 2, report: (update) => updates.push(update) }));
      await first;

      expect(updates[0]).toEqual({ phase: 'queued' });
      const rendering = updates.filter((update) => update.phase === 'rendering');
      expect(rendering.length).toBeGreaterThan(0);
      const progress = rendering.map((update) => update.progress!);
      expect(progress.every((value) => value >= 0 && value < 1)).toBe(true);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect((await describePicture(rendering[0].preview!)).format).toBe('png');
    });

    it('reads the web UI-wide progress on --nowebui, where one job at a time is ours', async () => {
      await standIn.close();
      standIn = await startA1111StandIn({ auth: CREDENTIALS, apiOnly: true, renderMs: 1_500 });
      const updates: RenderUpdate[] = [];
      await provider().generate(picture({ report: (update) => updates.push(update) }));
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.every((update) => update.phase === 'rendering' && update.preview !== undefined)).toBe(true);
      expect(standIn.requests.some((request) => request.path === '/sdapi/v1/progress' && request.query.skip_current_image === 'false')).toBe(true);
    });
  });

  describe('stopping a render', () => {
    const interruptSent = () => waitForRequest(standIn, (request) => request.path === '/sdapi/v1/interrupt');

    it('interrupts its own task once the web UI says it is the active one', async () => {
      standIn.renderMs = 60_000;
      const controller = new AbortController();
      const generating = provider().generate(picture({ signal: controller.signal }));
      await waitFor(() => [...standIn.tasks.values()].some((task) => task.state === 'active'));
      controller.abort(new Error('the job was cancelled'));
      await expect(generating).rejects.toThrow('the job was cancelled');

      await interruptSent();
      const [task] = standIn.tasks.values();
      await waitFor(() => task.state === 'done');
      expect(task.interrupted).toBe(true);
      const asked = standIn.requests.find((request) => request.path === '/internal/progress');
      expect(asked?.body).toMatchObject({ id_task: [...standIn.tasks.keys()][0] });
    });

    it('leaves the task running before ours alone, and interrupts ours when it starts', async () => {
      standIn.renderMs = 400;
      const someoneElses = provider().generate(picture({ seed: 1 }));
      await waitFor(() => standIn.tasks.size === 1);
      standIn.renderMs = 60_000; // ours, once it starts
      const controller = new AbortController();
      const ours = provider().generate(picture({ seed: 2, signal: controller.signal }));
      await waitFor(() => standIn.tasks.size === 2);
      controller.abort(new Error('the job was cancelled'));
      await expect(ours).rejects.toThrow('the job was cancelled');

      await expect(someoneElses).resolves.toMatchObject({ seed: 1 });
      await interruptSent();
      const [first, second] = standIn.tasks.values();
      await waitFor(() => second.state === 'done');
      expect(first.interrupted).toBe(false);
      expect(second.interrupted).toBe(true);
      expect(standIn.interrupts).toBe(1);
    });

    it('watches a stopped task waiting behind another only as long as the queue limit', async () => {
      standIn.renderMs = 60_000;
      const someoneElses = provider().generate(picture({ seed: 1 }));
      await waitFor(() => standIn.tasks.size === 1);
      const controller = new AbortController();
      const watched = createA1111Provider({ kind: 'a1111', url: standIn.url, apiKey: CREDENTIALS }, { queueTimeoutMs: 300 });
      const ours = watched.generate(picture({ seed: 2, signal: controller.signal }));
      await waitFor(() => standIn.tasks.size === 2);
      controller.abort(new Error('the job was cancelled'));
      await expect(ours).rejects.toThrow('the job was cancelled');
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // two more polls, were the watch still on
      expect(standIn.requests.filter((request) => request.path === '/internal/progress')).toHaveLength(1);
      expect(standIn.interrupts).toBe(0);
      standIn.renderMs = 0;
      void someoneElses.catch(() => undefined);
    });

    it('reads a 404 without a web UI at the address as a hint to both ports', async () => {
      const failure = createA1111Provider({ kind: 'a1111', url: `${standIn.url}/nowhere` , apiKey: CREDENTIALS }).generate(picture());
      await expect(failure).rejects.toThrow('(default port 7860, or 7861 with --nowebui)');
    });

    describe('on a web UI started with --nowebui (no /internal/progress)', () => {
      beforeEach(async () => {
        await standIn.close();
        standIn = await startA1111StandIn({ auth: CREDENTIALS, apiOnly: true, renderMs: 60_000 });
      });

      it('interrupts when Atelier sends it one job at a time: what runs is ours', async () => {
        const controller = new AbortController();
        const generating = provider().generate(picture({ signal: controller.signal }));
        await waitFor(() => standIn.tasks.size === 1);
        controller.abort(new Error('timed out'));
        await expect(generating).rejects.toThrow('timed out');
        await interruptSent();
        await waitFor(() => [...standIn.tasks.values()][0].interrupted);
      });

      it('does not interrupt at higher concurrency, where the running task may be another job', async () => {
        const shared = createA1111Provider({ kind: 'a1111', url: standIn.url, apiKey: CREDENTIALS, concurrency: 2 });
        const controller = new AbortController();
        const generating = shared.generate(picture({ signal: controller.signal }));
        await waitFor(() => standIn.tasks.size === 1);
        controller.abort(new Error('timed out'));
        await expect(generating).rejects.toThrow('timed out');
        await waitForRequest(standIn, (request) => request.path === '/internal/progress');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(standIn.interrupts).toBe(0);
      });
    });
  });

  describe('health check', () => {
    it('asks the cheap progress endpoint with the credentials, and names the loaded model from the options', async () => {
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).resolves.toEqual({ model: A1111_STAND_IN_CHECKPOINT });
      expect(standIn.requests).toEqual([
        expect.objectContaining({ method: 'GET', path: '/sdapi/v1/progress', query: { skip_current_image: 'true' } }),
        expect.objectContaining({ method: 'GET', path: '/sdapi/v1/options' }),
      ]);
      expect(standIn.requests[0].headers.authorization).toMatch(/^Basic /);
    });

    it('fails when the web UI errors, refuses the credentials, or hangs', async () => {
      standIn.behaviour = 'fail';
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 500: RuntimeError/);
      standIn.behaviour = 'ok';
      await expect(provider('painter:nope').checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 401/);
      standIn.behaviour = 'hang';
      await expect(provider().checkHealth(AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
    });

    it('hints at --api when the API paths are missing', async () => {
      const misplaced = createA1111Provider({ kind: 'a1111', url: `${standIn.url}/not-the-api/`, apiKey: CREDENTIALS });
      await expect(misplaced.checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(
        /answered 404 for \/sdapi\/v1\/progress: Not Found\. .*--api/,
      );
    });
  });
});

// What the stand-in answers, against modules/api/api.py text2imgapi and modules/progress.py.
describe('AUTOMATIC1111 stand-in', () => {
  let standIn: A1111StandIn;
  const auth = { authorization: `Basic ${Buffer.from(CREDENTIALS).toString('base64')}` };
  const post = async (path: string, body: unknown, headers: Record<string, string> = auth) => {
    const response = await fetch(standIn.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  beforeEach(async () => {
    standIn = await startA1111StandIn({ auth: CREDENTIALS });
  });
  afterEach(() => standIn.close());

  it('refuses an unknown sampler with 400 "Sampler not found" before queueing a task (validate_sampler_name)', async () => {
    const refused = await post('/sdapi/v1/txt2img', { prompt: 'p', sampler_name: 'Euler Made Up' });
    expect(refused).toEqual({ status: 400, json: { error: 'HTTPException', detail: 'Sampler not found', body: '', errors: '400: Sampler not found' } });
    expect(standIn.tasks.size).toBe(0);
    // The adapter's own sampler is one A1111 knows.
    expect((await post('/sdapi/v1/txt2img', txt2imgBody({ prompt: 'p', seed: 1, width: 64, height: 64 }))).status).toBe(200);
  });

  it('takes the model defaults for fields left out: an empty body renders 512x512 with a random seed', async () => {
    const answer = await post('/sdapi/v1/txt2img', {});
    expect(answer.status).toBe(200);
    const info = JSON.parse(answer.json.info as string) as { width: number; height: number; seed: number };
    expect(info).toMatchObject({ width: 512, height: 512 });
    expect(info.seed).toBeGreaterThanOrEqual(0);
    expect((await post('/sdapi/v1/txt2img', { width: 'wide' })).status).toBe(422);
  });

  it('answers /internal/progress without --api-auth credentials, as setup_progress_api adds it without the auth dependency', async () => {
    expect((await post('/internal/progress', { id_task: 'task(x)' }, {})).status).toBe(200);
    expect((await post('/sdapi/v1/txt2img', {}, {})).status).toBe(401);
  });

  it('leaves a failed task current: /internal/progress says active, not completed, until the next task starts', async () => {
    standIn.behaviour = 'fail';
    expect((await post('/sdapi/v1/txt2img', { force_task_id: 'task(failed)' })).status).toBe(500);
    expect((await post('/internal/progress', { id_task: 'task(failed)' })).json).toMatchObject({ active: true, completed: false, queued: false });
    standIn.behaviour = 'ok';
    await post('/sdapi/v1/txt2img', { force_task_id: 'task(next)' });
    expect((await post('/internal/progress', { id_task: 'task(failed)' })).json).toMatchObject({ active: false, completed: false });
    expect((await post('/internal/progress', { id_task: 'task(next)' })).json).toMatchObject({ active: false, completed: true });
  });
});
