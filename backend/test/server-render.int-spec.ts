import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PageRequest, ServerEntry } from '@atelier/contracts';
import { generationExamplesSeed } from '../src/db/seed/generation-examples.seed';
import { runSeeds } from '../src/db/seed/seeder';
import { runShowcaseSeed } from './helpers/content';
import { ADMIN_TOKEN } from './helpers/generation';
import { createTestApp, makeTempDir, type TestApp } from './helpers/test-app';

// The backend's side of server rendering (modules/pages): it imports the frontend's server build
// (@atelier/frontend/server), hands it index.html (stylesheets inlined) and the in-process PublicReads,
// and falls back to index.html when the render declines or fails. The render itself is the
// frontend's (frontend/src/entry-server.tsx, tested there); here a stand-in plays it, reading what
// the real pages read through the same PublicReads methods.
jest.mock('@atelier/frontend/server', () => mockServerEntry, { virtual: true });

const withRoot = ({ template }: PageRequest, shown: unknown) =>
  template.replace('<div id="root"></div>', () => `<div id="root">${JSON.stringify(shown)}</div>`);

const mockServerEntry: ServerEntry = {
  async renderPage(request, reads) {
    const { pathname, searchParams } = new URL(request.url);
    const slug = /^\/project\/([^/]+)$/.exec(pathname)?.[1];
    if (slug !== undefined) {
      const [project, trending] = await Promise.all([reads.project(decodeURIComponent(slug)), reads.trending()]);
      return { status: project ? 200 : 404, html: withRoot(request, { url: request.url, project, trending }) };
    }
    switch (pathname) {
      case '/declined':
        return null;
      case '/broken':
        throw new Error('render failed');
      case '/gallery':
        return { status: 200, html: withRoot(request, { url: request.url, gallery: await reads.gallery() }) };
      case '/forge':
        return { status: 200, html: JSON.stringify(await reads.generationInfo()) };
      case '/dream':
        return { status: 200, html: JSON.stringify(await reads.generationExamples()) };
      case '/life':
        return { status: 200, html: JSON.stringify(await reads.pyface({ dna: searchParams.get('dna') ?? undefined })) };
      case '/no/such/page':
        return { status: 404, html: request.template.replace('<head>', '<head><title>404 Not Found</title>') };
      default:
        return { status: 200, html: withRoot(request, { url: request.url }) };
    }
  },
};

/** What the stand-in put in the page's #root. */
const shownIn = (html: string) => JSON.parse(/<div id="root">(.*)<\/div>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;

describe('server-rendered pages', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = makeTempDir('atelier-frontend-');
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/static/index-abc.css">' +
        '<link rel="stylesheet" href="/static/gone.css"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'static', 'index-abc.css'), 'body{margin:0}');
    t = await createTestApp({ FRONTEND_DIST: dist, ADMIN_TOKEN });
    await runSeeds(t.database.handle.db, [generationExamplesSeed], { dataDir: t.config.dataDir });
    await runShowcaseSeed(t.database.handle.db, t.config.dataDir, { draw: false });
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

  it('answers a project page with its server render, given the URL and the project as its API answers it', async () => {
    const res = await t.http.get('/project/solar?tab=1').set('User-Agent', 'Phone Mobile Safari').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');

    const shown = shownIn(res.text);
    expect(shown.url).toMatch(/\/project\/solar\?tab=1$/);
    const project = await t.http.get('/api/content/projects/solar').expect(200);
    expect(shown.project).toEqual(project.body);
    expect(shown.project).toMatchObject({ slug: 'solar', title: 'Machine Learning Solar Design' });
    expect(shown.trending).toEqual(expect.arrayContaining([expect.objectContaining({ firstName: 'Ada', location: 'London </script>' })]));
    expect(shown.trending).toEqual((await t.http.get('/api/content/trending').expect(200)).body);
  });

  it('answers the gallery page with the gallery as GET /api/content/gallery answers it', async () => {
    const shown = shownIn((await t.http.get('/gallery').expect(200)).text);
    const gallery = await t.http.get('/api/content/gallery').expect(200);
    expect(gallery.body.length).toBeGreaterThan(0);
    expect(shown.gallery).toEqual(gallery.body);
  });

  it("inlines the build's stylesheets into the rendered page, and keeps a link it cannot resolve", async () => {
    const res = await t.http.get('/').expect(200);
    // The inlined stylesheet's link stays, disabled: Vite's chunk loader finds it and adds nothing.
    expect(res.text).toContain(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/static/index-abc.css" disabled>' +
        '<link rel="stylesheet" href="/static/gone.css">',
    );
  });

  it('answers index.html as it is where the render declines or fails', async () => {
    const index = fs.readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
    for (const page of ['/declined', '/broken']) {
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
    const res = await t.http.get('/project/no-such-project').expect(404);
    expect(shownIn(res.text).project).toBeNull();
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
