import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { helmetHeaders } from './security-headers';

const OPTIONS: HelmetOptions = { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } };

/** The headers helmet's middleware puts on a real Node response. */
async function headersHelmetSends(options: HelmetOptions): Promise<Record<string, unknown>> {
  const middleware = helmet(options);
  const server = createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      request({ port, path: '/' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('helmetHeaders', () => {
  it('are exactly the headers helmet sets on a response', async () => {
    const sent = await headersHelmetSends(OPTIONS);
    const computed = helmetHeaders(OPTIONS);
    expect(Object.keys(computed).length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of Object.entries(computed)) expect(sent[name]).toBe(value);
    expect(computed['content-security-policy']).toContain("default-src 'self'");
    expect(computed['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('refuses options that need a request to compute', () => {
    const perRequest: HelmetOptions = {
      contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as { nonce?: string }).nonce)}'`] } },
    };
    // A nonce function reads the response: computing it once would send one nonce to everyone.
    expect(() => helmetHeaders(perRequest)).toThrow();
  });
});
