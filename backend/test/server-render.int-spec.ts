import * as fs from 'node:fs';
import * as path from 'node:path';
import { generationExamplesSeed } from '../src/db/seed/generation-examples.seed';
import { runSeeds } from '../src/db/seed/seeder';
import { createTestApp, makeTempDir, type TestApp } from './helpers/test-app';

import { ADMIN_TOKEN } from './helpers/generation';

// The backend's side of server rendering (modules/pages): it loads the frontend's server build from
// dist-server/ beside the browser build, hands it index.html (stylesheets inlined) and in-process
// content, and falls back to index.html when the render declines or fails. The render itself is the
// frontend's (frontend/src/entry-server.tsx, tested there); here a stand-in build plays it.
const STAND_IN_ENTRY = `
exports.renderPage = async (request, fetchContent) => {
  const { pathname } = new URL(request.url);
  if (pathname === '/declined') return null;
  if (pathname === '/broken') throw new Error('render failed');
  if (pathname === '/unknown-content') return { status: 200, html: String(await fetchContent('/content/no-such-thing')) };
  if (pathname === '/forge') return { status: 200, html: JSON.stringify(await fetchContent('/generation/info')) };
  if (pathname === '/dream') return { status: 200, html: JSON.stringify(await fetchContent('/generation/examples')) };
  if (pathname === '/life') return { status: 200, html: JSON.stringify(await fetchContent('/pyface' + new URL(request.url).search)) };
  if (pathname === '/missing-project') return { status: 404, html: 'project ' + JSON.stringify(await fetchContent('/content/projects/solar')) };
  if (pathname === '/no/such/page') return { status: 404, html: request.template.replace('<head>', '<head><title>404 Not Found</title>') };
  const answers = {};
  for (const path of ['/content/trending', '/content/gallery']) answers[path] = await fetchContent(path);
  const page = JSON.stringify({ url: request.url, answers });
  return { status: 200, html: request.template.replace('<div id="root"></div>', () => '<div id="root">' + page + '</div>') };
};
`;

describe('server-rendered pages', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = makeTempDir('atelier-frontend-');
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/static/index-abc.css">' +
        '<link rel="stylesheet" href="/static/gone.css"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'static', 'index-abc.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.cjs'), STAND_IN_ENTRY);
    t = await createTestApp({ FRONTEND_DIST: dist, ADMIN_TOKEN });
    await runSeeds(t.database.handle.db, [generationExamplesSeed], { dataDir: t.config.dataDir });
    await t.http
      .post('/api/admin/content/trending')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ firstName: 'Ada', lastName: 'Lovelace', location: 'London </script>', picturePath: '/assets/trending/ada.png' })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers a page with its server render, given the URL and the content API answers', async () => {
    const res = await t.http.get('/project/solar?tab=1').set('User-Agent', 'Phone Mobile Safari').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');

    const page = JSON.parse(/<div id="root">(.*)<\/div>/.exec(res.text)?.[1] ?? 'null');
    expect(page).toEqual({ url: expect.stringMatching(/\/project\/solar\?tab=1$/), answers: expect.any(Object) });
    expect(page.answers['/content/trending']).toEqual([expect.objectContaining({ firstName: 'Ada', location: 'London </script>' })]);
    for (const apiPath of Object.keys(page.answers)) {
      const api = await t.http.get(`/api${apiPath}`).expect(200);
      expect(page.answers[apiPath]).toEqual(api.body);
    }
  });

  it("inlines the build's stylesheets into the rendered page, and keeps a link it cannot resolve", async () => {
    const res = await t.http.get('/').expect(200);
    // The inlined stylesheet's link stays, disabled: Vite's chunk loader finds it and adds nothing.
    expect(res.text).toContain(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/static/index-abc.css" disabled>' +
        '<link rel="stylesheet" href="/static/gone.css">',
    );
  });

  it('answers index.html as it is where the render declines, fails or asks for content that is not public', async () => {
    const index = fs.readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
    for (const page of ['/declined', '/broken', '/unknown-content']) {
      const res = await t.http.get(page).expect(200);
      expect(res.text).toBe(index);
    }
  });

  it('gives the render a Bot Folk individual as GET /api/pyface answers it, and fails a DNA line the API refuses', async () => {
    const { dna } = (await t.http.get('/api/pyface?seed=render').expect(200)).body as { dna: string };
    const named = await t.http.get(`/api/pyface?dna=${dna}`).expect(200);
    const permalink = await t.http.get(`/life?dna=${dna}`).expect(200);
    expect(JSON.parse(permalink.text)).toEqual(named.body);

    const drawn = JSON.parse((await t.http.get('/life').expect(200)).text) as { dna: string; svgimage: string };
    expect(drawn.svgimage).toMatch(/^data:image\/svg\+xml/);
    expect(drawn.dna).not.toBe(dna);

    await t.http.get('/api/pyface?dna=NOT-DNA').expect(400);
    const index = fs.readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
    expect((await t.http.get('/life?dna=NOT-DNA').expect(200)).text).toBe(index);
  });

  it('gives the render who draws the Forge and Dream pictures, as GET /api/generation/info answers it', async () => {
    const res = await t.http.get('/forge').expect(200);
    const api = await t.http.get('/api/generation/info').expect(200);
    expect(JSON.parse(res.text)).toEqual(api.body);
    expect(api.body).toEqual({ renderer: 'built-in', models: [], gpus: [] });
  });

  it("gives the render the pages' example pictures with their models, as GET /api/generation/examples answers them", async () => {
    const res = await t.http.get('/dream').expect(200);
    const api = await t.http.get('/api/generation/examples').expect(200);
    expect(JSON.parse(res.text)).toEqual(api.body);
    expect(api.body.dream).toHaveLength(9);
    expect(api.body.dream[0]).toMatchObject({ position: 1, url: '/assets/examples/dream-1.png', model: 'Atelier Procedural v1' });
  });

  it('gives the render null for a project that does not exist, and answers the 404 it then gives', async () => {
    const res = await t.http.get('/missing-project').expect(404);
    expect(res.text).toBe('project null');
  });

  it('answers with the status the render gives: 404 for a path no route knows', async () => {
    const res = await t.http.get('/no/such/page').expect(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<title>404 Not Found</title>');
  });

  it('leaves API and asset paths alone', async () => {
    await t.http.get('/api/content/trending').expect(200).expect('Content-Type', /json/);
    const res = await t.http.get('/assets/nothing.png').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
