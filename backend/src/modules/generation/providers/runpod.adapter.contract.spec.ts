import {
  type RunpodImageEncoding,
  type RunpodOutputShape,
  type RunpodStandIn,
  startRunpodStandIn,
} from '../../../../test/stand-ins/runpod-stand-in';
import { describePicture, standInColour, waitForRequest } from '../../../../test/stand-ins/stand-in-server';
import { type ImageRequest, ProviderError } from './image-provider';
import { createRunpodProvider } from './runpod.adapter';

const API_KEY = 'rpa_STANDINKEY0123456789';

function picture(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return { prompt: 'a neon koi pond', seed: 2024, width: 320, height: 256, signal: AbortSignal.timeout(10_000), ...overrides };
}

describe('runpod adapter against a RunPod serverless stand-in', () => {
  let standIn: RunpodStandIn;
  const provider = (apiKey: string | undefined = API_KEY) =>
    createRunpodProvider({ kind: 'runpod', url: standIn.url, apiKey }, { pollIntervalMs: 20 });
  const statusPolls = () => standIn.requests.filter((request) => request.path.includes('/status/'));

  beforeEach(async () => {
    standIn = await startRunpodStandIn({ apiKey: API_KEY });
  });
  afterEach(() => standIn.close());

  it('submits the job with a bearer key, polls its status, and returns the PNG and seed', async () => {
    const result = await provider().generate(picture());

    const [run] = standIn.requests;
    expect(run).toMatchObject({ method: 'POST', path: '/v2/stand-in-endpoint/run' });
    expect(run.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(run.body).toEqual({ input: { prompt: 'a neon koi pond', seed: 2024, width: 320, height: 256, num_outputs: 1 } });

    const [jobId] = standIn.jobs.keys();
    expect(statusPolls().length).toBeGreaterThanOrEqual(2); // IN_PROGRESS first, then COMPLETED
    for (const poll of statusPolls()) {
      expect(poll).toMatchObject({ method: 'GET', path: `/v2/stand-in-endpoint/status/${jobId}` });
      expect(poll.headers.authorization).toBe(`Bearer ${API_KEY}`);
    }
    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 320, height: 256, colour: standInColour(2024) });
    expect(result.seed).toBe(2024);
  });

  it.each<[RunpodOutputShape, RunpodImageEncoding, 'reported' | 'requested']>([
    ['list', 'base64', 'reported'],
    ['list', 'url', 'reported'],
    ['images', 'data-url', 'reported'],
    ['images', 'base64', 'reported'],
    ['image', 'data-url', 'requested'],
    ['image_url', 'url', 'requested'],
  ])('reads %s output with %s images (seed: %s)', async (shape, encoding, seedFrom) => {
    standIn.outputShape = shape;
    standIn.imageEncoding = encoding;
    standIn.reportedSeed = 31_337;

    const result = await provider().generate(picture({ seed: 5 }));

    expect(await describePicture(result.png)).toEqual({ format: 'png', width: 320, height: 256, colour: standInColour(5) });
    expect(result.seed).toBe(seedFrom === 'reported' ? 31_337 : 5);
    const download = standIn.requests.find((request) => request.path.startsWith('/files/'));
    if (encoding === 'url') {
      // The image host gets no RunPod key.
      expect(download?.headers.authorization).toBeUndefined();
    } else {
      expect(download).toBeUndefined();
    }
  });

  it("fails with the worker's error message when RunPod reports the job FAILED", async () => {
    standIn.behaviour = 'fail';
    const failure = provider().generate(picture());
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    const [jobId] = standIn.jobs.keys();
    await expect(failure).rejects.toThrow(
      `runpod worker at ${standIn.url}: job ${jobId} failed: CUDA out of memory. Tried to allocate 3.00 GiB`,
    );
    await expect(failure).rejects.not.toThrow(/Traceback/);
  });

  it('fails when the job is cancelled on RunPod’s side', async () => {
    standIn.pollsBeforeDone = 1_000;
    const generation = provider().generate(picture());
    await waitForRequest(standIn, (request) => request.path.includes('/status/'));
    const [jobId] = standIn.jobs.keys();
    await fetch(`${standIn.url}/cancel/${jobId}`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
    await expect(generation).rejects.toThrow(`job ${jobId} was cancelled: no reason given`);
  });

  it('fails with the status and a short body on a 5xx', async () => {
    standIn.behaviour = 'server-error';
    await expect(provider().generate(picture())).rejects.toThrow(`runpod worker at ${standIn.url} answered 500: Internal Server Error`);
  });

  it('rides out a brief 5xx while polling, but not a lasting one', async () => {
    standIn.pollsBeforeDone = 3;
    const generation = provider().generate(picture());
    await waitForRequest(standIn, (request) => request.path.includes('/status/'));
    standIn.behaviour = 'server-error';
    await waitForRequest(standIn, () => statusPolls().length >= 3);
    standIn.behaviour = 'ok';
    await expect(generation).resolves.toMatchObject({ seed: 2024 });

    standIn.pollsBeforeDone = 1_000;
    const doomed = provider().generate(picture());
    await waitForRequest(standIn, () => statusPolls().length >= 6);
    standIn.behaviour = 'server-error';
    await expect(doomed).rejects.toThrow(/answered 500: Internal Server Error/);
  });

  it('rejects an output image that cannot be decoded', async () => {
    standIn.behaviour = 'garbage';
    await expect(provider().generate(picture())).rejects.toThrow(`runpod worker at ${standIn.url} returned an image that could not be decoded`);
  });

  it('says the API key was refused, without repeating it', async () => {
    const failure = provider('rpa_WRONGKEY').generate(picture());
    await expect(failure).rejects.toThrow(/answered 401: Unauthorized\. Check the worker's RunPod API key/);
    await expect(failure).rejects.not.toThrow(/rpa_WRONGKEY/);
  });

  it('gives up promptly when RunPod hangs and the signal times out', async () => {
    standIn.behaviour = 'hang';
    const started = Date.now();
    await expect(provider().generate(picture({ signal: AbortSignal.timeout(150) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

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
    const [jobId] = standIn.jobs.keys();
    const cancel = await waitForRequest(standIn, (request) => request.path.includes('/cancel/'));
    expect(cancel).toMatchObject({ method: 'POST', path: `/v2/stand-in-endpoint/cancel/${jobId}` });
    expect(cancel.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  describe('health check', () => {
    it('reads the endpoint /health with the key', async () => {
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).resolves.toBeUndefined();
      expect(standIn.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v2/stand-in-endpoint/health' })]);
      expect(standIn.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    });

    it('fails when the endpoint errors, refuses the key, hangs, or is unknown', async () => {
      standIn.behaviour = 'fail';
      await expect(provider().checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 500/);
      standIn.behaviour = 'ok';
      await expect(provider('rpa_NOPE').checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 401/);
      standIn.behaviour = 'hang';
      await expect(provider().checkHealth(AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
      standIn.behaviour = 'ok';
      const elsewhere = createRunpodProvider({ kind: 'runpod', url: standIn.url.replace('stand-in-endpoint', 'other'), apiKey: API_KEY });
      await expect(elsewhere.checkHealth(AbortSignal.timeout(5_000))).rejects.toThrow(/answered 404 for \/health: .*\/v2\/<endpoint id>/);
    });
  });
});
