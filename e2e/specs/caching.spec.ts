import { expect, test } from '../support/test';

test('hashed bundles under /static/ are cached as immutable; index.html is revalidated', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['cache-control']).toContain('no-cache');

  const scripts = [...(await home.text()).matchAll(/src="(\/static\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const bundle = await request.get(script);
    expect(bundle.status()).toBe(200);
    expect(bundle.headers()['content-type']).toContain('javascript');
    expect(bundle.headers()['cache-control']).toContain('immutable');
  }

  for (const page of ['/index.html', '/gallery']) {
    const response = await request.get(page);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toContain('no-cache');
  }
});
