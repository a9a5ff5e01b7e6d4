import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_IMAGE_BYTES, MAX_JSON_BYTES, WorkerHttp } from './provider-http';

/**
 * A broken or hostile worker, as the review met one: it streams `chunk` without end and without a
 * Content-Length, counting what it sent. A healthy ComfyUI answers /view with aiohttp's
 * web.FileResponse, which sends a Content-Length (comfyanonymous/ComfyUI server.py, view_image);
 * the limit has to hold when a worker, or a proxy in front of it, does not.
 */
async function endlessWorker(chunk: Buffer, status = 200): Promise<{ url: string; sent: () => number; server: Server }> {
  let sent = 0;
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/octet-stream' });
    const push = () => {
      while (response.writableLength < 1024 * 1024 && !response.destroyed) {
        sent += chunk.length;
        response.write(chunk);
      }
    };
    response.on('drain', push);
    response.on('close', () => response.removeListener('drain', push));
    push();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent, server };
}

const hints = { unauthorized: 'Check the key.', notFound: 'Check the URL.' };

describe('WorkerHttp reading a worker that never stops sending', () => {
  let worker: Awaited<ReturnType<typeof endlessWorker>>;
  afterEach(() => new Promise((resolve) => worker.server.close(resolve)));

  it('stops an image download at the image limit, without reading the rest', async () => {
    worker = await endlessWorker(Buffer.alloc(64 * 1024, 7));
    const http = new WorkerHttp({ kind: 'comfyui', url: worker.url }, {}, hints);
    await expect(http.bytes('/view', { signal: AbortSignal.timeout(20_000) })).rejects.toThrow(
      `comfyui worker at ${worker.url} sent an image of more than ${MAX_IMAGE_BYTES} bytes`,
    );
    // The server pushed at most what fits in the sockets' buffers beyond the limit.
    expect(worker.sent()).toBeLessThan(MAX_IMAGE_BYTES + 16 * 1024 * 1024);
  });

  it('stops a JSON answer at its limit', async () => {
    worker = await endlessWorker(Buffer.from('"a'.padEnd(64 * 1024, 'a')));
    const http = new WorkerHttp({ kind: 'a1111', url: worker.url }, {}, hints);
    await expect(http.json('/sdapi/v1/txt2img', { method: 'POST', body: {}, signal: AbortSignal.timeout(20_000) })).rejects.toThrow(
      `answered /sdapi/v1/txt2img with more than ${MAX_JSON_BYTES} bytes`,
    );
    expect(worker.sent()).toBeLessThan(MAX_JSON_BYTES + 16 * 1024 * 1024);
  });

  it('quotes the start of an endless error answer', async () => {
    worker = await endlessWorker(Buffer.from('CUDA out of memory. '.repeat(1000)), 500);
    const http = new WorkerHttp({ kind: 'a1111', url: worker.url }, {}, hints);
    await expect(http.json('/sdapi/v1/txt2img', { method: 'POST', body: {}, signal: AbortSignal.timeout(20_000) })).rejects.toThrow(
      /answered 500: CUDA out of memory\./,
    );
    expect(worker.sent()).toBeLessThan(16 * 1024 * 1024);
  });
});
