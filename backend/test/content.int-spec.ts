import * as fs from 'node:fs';
import {
  DEFAULT_SITE_SETTINGS,
  RESOURCE_FORMATS,
  RESOURCE_ICONS,
  type AdminGalleryItem,
  type AdminProject,
  type ErrorBody,
  type ExhibitItem,
  type GalleryItem,
  type ProjectBlock,
  type ProjectPage,
  type ResourceLink,
  type SiteContent,
  type SiteProfile,
  type SiteSettings,
  type Notice,
  type TrendingUser,
} from '@atelier/contracts';
import { assetFile, assetPaths, mediaFiles, runShowcaseSeed, sampleVideosPresent, SEED_TIMEOUT_MS } from './helpers/content';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { registerMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

const PUBLIC_LISTS = ['gallery', 'exhibit', 'resources', 'trending'] as const;
const SLUGS = ['bedrock', 'atelier', 'botfolk', 'solar', 'nucleus', 'ansible'];

// Exactly the contract's fields: nothing internal (position, created_at, content_hash) may leak.
const KEYS = {
  site: ['ads', 'career', 'notices', 'profile', 'projects'],
  career: ['company', 'id', 'period', 'role', 'summary'],
  project: [
    'bulletsLeft',
    'bulletsRight',
    'chips',
    'featured',
    'image',
    'imageAlt',
    'listAuthor',
    'listTitle',
    'narrative',
    'period',
    'role',
    'slug',
    'title',
  ],
  page: ['blocks', 'slug', 'subtitle', 'title'],
  ad: ['description', 'domain', 'image', 'imageAlt', 'pageDescription', 'pageTitle', 'slug', 'tagline', 'title', 'url'],
  notice: ['dateLabel', 'id', 'text'],
  gallery: ['author', 'height', 'id', 'img', 'thumb', 'title', 'width'],
  exhibit: ['height', 'id', 'model', 'picturePath', 'width'],
  resources: ['channel', 'fmat', 'format', 'icon', 'id', 'idu', 'note', 'site', 'title', 'url'],
  trending: ['_id', 'firstName', 'lastName', 'location', 'picturePath'],
};
const keysOf = (value: object) => Object.keys(value).sort();

const blocksOf = <K extends ProjectBlock['kind']>(page: ProjectPage, kind: K) =>
  page.blocks.filter((block): block is Extract<ProjectBlock, { kind: K }> => block.kind === kind);

describe('site content API', () => {
  let t: TestApp;
  const get = async <T>(path: string): Promise<T> => (await t.http.get(path).expect(200)).body as T;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    await runShowcaseSeed(t.database.handle.db, t.config.dataDir);
  }, SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('public reads (/api/content/*)', () => {
    it('answers the home page: profile card, 5 career items, 4 featured cards of 6 projects, 2 GPU ads, the May, 2025 notice', async () => {
      const site = await get<SiteContent>('/api/content/site');
      expect(keysOf(site)).toEqual(KEYS.site);
      expect(site.profile).toMatchObject({ ownerName: 'Alex Morgan', headline: expect.stringMatching(/Lead Developer/) });
      expect(site.profile.patents.map((patent) => patent.year)).toEqual([2019, 2020]);
      for (const patent of site.profile.patents) expect(Object.keys(patent).sort()).toEqual(['title', 'year']);
      const availability = site.profile.availability.join(' ');
      expect(availability).toMatch(/back on the market for a contract or direct role/i);
      expect(availability).toMatch(/100% remote from Northern California.*any schedule or timezone.*W2, contract, agency or direct hire/);
      expect(site.profile.moreToCome).toMatch(/2025.*20-30 projects/);
      expect(site.profile.skills.length).toBeGreaterThanOrEqual(4);

      expect(site.career).toHaveLength(5);
      expect(site.career.filter((item) => item.company === 'A large computer maker')).toHaveLength(2);
      expect(site.career.some((item) => /2 US patents.*2019 and 2020/.test(item.summary))).toBe(true);

      const featured = site.projects.filter((project) => project.featured);
      expect(featured.map((project) => [project.slug, project.listTitle])).toEqual([
        ['solar', 'Machine Learning Solar Design'],
        ['bedrock', 'Python FastAPI Stack'],
        ['ansible', 'AnsibleMyEC2 open source'],
        ['botfolk', 'Next.js full stack'],
      ]);
      expect(site.projects.map((project) => project.slug).sort()).toEqual([...SLUGS].sort());
      for (const project of site.projects) {
        expect(project.chips.length).toBeGreaterThan(0);
        for (const chip of project.chips) expect(chip.color).toMatch(/^#[0-9a-f]{6}$/i);
      }

      expect(site.ads.map((ad) => [ad.slug, ad.domain, ad.url])).toEqual([
        ['nvidia-rtx-5090', 'nvidia.com', 'https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/rtx-5090/'],
        ['nvidia-h100', 'nvidia.com', 'https://www.nvidia.com/en-us/data-center/h100/'],
      ]);
      expect(site.ads.map((ad) => ad.title)).toEqual([expect.stringMatching(/RTX 5090 32 GB/), expect.stringMatching(/H100.*80 GB/)]);
      expect(site.notices).toEqual([{ id: expect.any(String), text: expect.stringMatching(/construction/i), dateLabel: 'May, 2025' }]);
    });

    it('answers each project page with the blocks its requirements give it, and nothing made up', async () => {
      const page = (slug: string) => get<ProjectPage>(`/api/content/projects/${slug}`);

      const bedrock = await page('bedrock');
      expect(blocksOf(bedrock, 'text')[0].paragraphs.join(' ')).toMatch(/Python dominates/);
      expect(blocksOf(bedrock, 'chips')[0].chips.map((chip) => chip.name)).toContain('FastAPI');

      const atelier = await page('atelier');
      expect(blocksOf(atelier, 'chips')).toHaveLength(1);
      expect(blocksOf(atelier, 'profile-card')[0]).toMatchObject({
        subtitle: 'Under construction',
        friends: 37,
        counters: [{ value: 1234 }, { value: 5678 }],
      });
      expect(blocksOf(atelier, 'links')[0].links.map((link) => link.url)).toContain('/');

      expect(blocksOf(await page('botfolk'), 'links')[0].links.map((link) => link.url)).toContain('https://botfolk.com');

      const solar = await page('solar');
      expect(blocksOf(solar, 'links')[0].links).toHaveLength(3);
      expect(blocksOf(solar, 'text').flatMap((block) => block.paragraphs).join(' ')).toMatch(/acquired/);
      if (sampleVideosPresent()) expect(blocksOf(solar, 'videos')[0].videos).toHaveLength(2);

      const nucleus = await page('nucleus');
      expect(blocksOf(nucleus, 'profile-card')[0].rows.map((row) => row.label)).toEqual(['Video platform', 'Professional network']);

      const ansible = await page('ansible');
      expect(blocksOf(ansible, 'licence')[0]).toMatchObject({ name: 'MIT License', text: expect.stringMatching(/^MIT License/) });

      for (const slug of SLUGS) expect(keysOf(await page(slug))).toEqual(KEYS.page);
      // Nothing made up: no placeholder address or patent number until the owner gives the real ones.
      const site = await get<SiteContent>('/api/content/site');
      for (const answer of [site, ...(await Promise.all(SLUGS.map(page)))]) expect(JSON.stringify(answer)).not.toMatch(/example\.(com|org)|XXX/);
      expect(site.profile.links).toEqual([]);
    });

    it('answers the four lists with the required counts and the contract fields only', async () => {
      const gallery = await get<GalleryItem[]>('/api/content/gallery');
      expect(gallery.length).toBeGreaterThanOrEqual(55);
      expect(gallery.length).toBeLessThanOrEqual(65);
      const exhibit = await get<ExhibitItem[]>('/api/content/exhibit');
      expect(exhibit.length).toBeGreaterThanOrEqual(43);
      expect(exhibit.length).toBeLessThanOrEqual(53);
      for (const item of exhibit) expect(item.picturePath).toMatch(/^\/assets\/gallery\/[^/]+$/);
      const resources = await get<ResourceLink[]>('/api/content/resources');
      expect(resources).toHaveLength(21);
      const trending = await get<TrendingUser[]>('/api/content/trending');
      expect(trending).toHaveLength(11);
      for (const user of trending) expect(user.picturePath).toMatch(/^\/assets\/users\//);

      const lists = { gallery, exhibit, resources, trending };
      for (const name of PUBLIC_LISTS) {
        // A video item says so, with its file; a picture has no such field.
        for (const item of lists[name]) expect(keysOf(item)).toEqual('video' in item ? [...KEYS[name], 'video'].sort() : KEYS[name]);
      }
      if (sampleVideosPresent()) expect(gallery.filter((item) => item.video).length).toBe(3);
      const site = await get<SiteContent>('/api/content/site');
      for (const item of site.career) expect(keysOf(item)).toEqual(KEYS.career);
      for (const item of site.projects) expect(keysOf(item)).toEqual(KEYS.project);
      for (const item of site.ads) expect(keysOf(item)).toEqual(KEYS.ad);
      for (const item of site.notices) expect(keysOf(item)).toEqual(KEYS.notice);
    });

    it('lists resource links in the required formats: https, idu = url, the label of the format code, every format and icon', async () => {
      const resources = await get<ResourceLink[]>('/api/content/resources');
      for (const link of resources) {
        expect(link.url).toMatch(/^https:\/\//);
        expect(link.idu).toBe(link.url);
        expect(link.format).toBe(RESOURCE_FORMATS[link.fmat]);
        expect(RESOURCE_ICONS).toContain(link.icon);
      }
      expect(new Set(resources.map((link) => link.url)).size).toBe(21);
      expect(new Set(resources.map((link) => link.fmat)).size).toBe(Object.keys(RESOURCE_FORMATS).length);
      expect(new Set(resources.map((link) => link.icon)).size).toBe(RESOURCE_ICONS.length);
    });

    it('serves every /assets file the content names', async () => {
      const answers = await Promise.all(
        ['site', 'gallery', 'exhibit', 'resources', 'trending', ...SLUGS.map((slug) => `projects/${slug}`)].map((path) =>
          get<unknown>(`/api/content/${path}`),
        ),
      );
      const paths = [...new Set(assetPaths(answers))];
      expect(paths.length).toBeGreaterThan(130);
      for (const path of paths) {
        const response = await t.http.get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 200 });
        expect(response.headers['content-type']).toMatch(/^(image\/(png|jpeg)|video\/webm)/);
      }
    });

    it('sends Cache-Control and a weak ETag, answers 304 while nothing changed and 200 after a change', async () => {
      const first = await t.http.get('/api/content/resources').expect(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await t.http.get('/api/content/resources').set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');

      const [link] = first.body as ResourceLink[];
      await t.http.patch(`/api/admin/content/resources/${link.id}`).set(admin).send({ note: 'A changed note.' }).expect(200);
      const changed = await t.http.get('/api/content/resources').set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect((changed.body as ResourceLink[])[0].note).toBe('A changed note.');
      await t.http.patch(`/api/admin/content/resources/${link.id}`).set(admin).send({ note: link.note }).expect(200);
    });

    it('answers an unknown project page with a 404 JSON error', async () => {
      for (const slug of ['no-such-project', 'Solar', '..', 'a'.repeat(300)]) {
        const response = await t.http.get(`/api/content/projects/${slug}`).expect(404);
        expect((response.body as ErrorBody).code).toBe('NOT_FOUND');
      }
    });

    it('needs no sign-in and refuses writes', async () => {
      await t.http.get('/api/content/gallery').expect(200);
      const write = await t.http.post('/api/content/gallery').send({}).expect(404);
      expect((write.body as ErrorBody).code).toBe('NOT_FOUND');
    });
  });

  describe('admin writes (/api/admin/content/*)', () => {
    /** A request to `/api/admin/content<path>` with the admin token. */
    const adminCall = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: object) => {
      const request = t.http[method](`/api/admin/content${path}`).set(admin);
      return body === undefined ? request : request.send(body);
    };
    const answer = async <T>(method: Parameters<typeof adminCall>[0], path: string, status: number, body?: object): Promise<T> =>
      (await adminCall(method, path, body).expect(status)).body as T;
    const failure = (response: { body: unknown }) => response.body as ErrorBody;
    const galleryItem = (overrides: Record<string, unknown> = {}) => ({
      img: '/assets/gallery/import-1.jpg',
      thumb: '/assets/gallery/thumbs/import-1.jpg',
      title: 'FLUX1 Dev fp8',
      author: '@owner',
      width: 1024,
      height: 768,
      contentHash: 'a'.repeat(64),
      ...overrides,
    });

    it('answers only to the admin token: none, a wrong one and a member token get 401 and change nothing', async () => {
      const member = await registerMember(t);
      const before = { gallery: await get('/api/content/gallery'), site: await get('/api/content/site'), settings: await get('/api/content/settings') };
      const [item] = before.gallery as GalleryItem[];
      for (const headers of [{}, { Authorization: 'Bearer wrong-token' }, member.auth, { Authorization: ADMIN_TOKEN }]) {
        const requests = [
          t.http.get('/api/admin/content/gallery'),
          t.http.get('/api/admin/content/site'),
          t.http.put('/api/admin/content/site').send({}),
          t.http.put('/api/admin/content/settings').send({}),
          t.http.post('/api/admin/content/files/picture').attach('picture', Buffer.from('not sent'), 'x.png'),
          t.http.post('/api/admin/content/gallery').send(galleryItem()),
          t.http.patch(`/api/admin/content/gallery/${item.id}`).send({ title: 'hacked' }),
          t.http.delete(`/api/admin/content/gallery/${item.id}`),
          t.http.put('/api/admin/content/gallery/order').send({ ids: [] }),
          t.http.delete('/api/admin/content/projects/solar'),
        ];
        for (const response of await Promise.all(requests.map((request) => request.set(headers)))) {
          expect(response.status).toBe(401);
          expect(failure(response).code).toBe('UNAUTHORIZED');
        }
      }
      expect({ gallery: await get('/api/content/gallery'), site: await get('/api/content/site'), settings: await get('/api/content/settings') }).toEqual(before);
    });

    it('reads and replaces the site profile, which the home page then shows', async () => {
      const profile = await answer<SiteProfile>('get', '/site', 200);
      expect(profile.ownerName).toBe('Alex Morgan');
      const changed = { ...profile, ownerName: 'Sam Rivera', headline: 'Staff ML Engineer' };
      expect(await answer('put', '/site', 200, changed)).toEqual(changed);
      expect((await get<SiteContent>('/api/content/site')).profile).toEqual(changed);

      const invalid = await adminCall('put', '/site', { ...profile, ownerName: undefined, photo: '/etc/passwd', extra: 1 }).expect(400);
      expect(failure(invalid).details).toEqual(
        expect.arrayContaining([
          { field: 'ownerName', message: 'required' },
          { field: 'photo', message: expect.stringMatching(/\/assets\//) },
          { field: 'extra', message: 'is not an accepted field' },
        ]),
      );
      await adminCall('put', '/site', profile).expect(200);
    });

    it("reads and replaces the site's texts (name, footer, pages, notes), which every page then reads", async () => {
      expect(await get<SiteSettings>('/api/content/settings')).toEqual(DEFAULT_SITE_SETTINGS);
      const settings = await answer<SiteSettings>('get', '/settings', 200);
      expect(settings).toEqual(DEFAULT_SITE_SETTINGS);
      const changed: SiteSettings = {
        ...settings,
        siteName: 'Ada Lab',
        logoText: 'ADA',
        footer: { name: 'Ada Lovelace', year: 'current' },
        pages: { ...settings.pages, home: { title: 'Ada Lab: engines', description: 'Notes on engines.', heading: 'Analytical Engines' } },
      };
      // An empty note is no note: the page draws none.
      expect(await answer('put', '/settings', 200, { ...changed, resourcesNote: '' })).toEqual({ ...changed, resourcesNote: undefined });
      const { resourcesNote: _note, ...withoutNote } = changed;
      expect(await get<SiteSettings>('/api/content/settings')).toEqual(withoutNote);

      const invalid = await adminCall('put', '/settings', {
        ...settings,
        siteName: '',
        footer: { name: 'x', year: 'soon' },
        pages: { ...settings.pages, gallery: undefined },
        restricted: { ...settings.restricted, citadel: [{ heading: 'x', links: [{ label: 'x', href: 'javascript:alert(1)', note: 'n' }] }] },
      }).expect(400);
      expect(failure(invalid).details).toEqual(
        expect.arrayContaining([
          { field: 'siteName', message: 'required' },
          { field: 'footer.year', message: 'must be a year such as 2025, or current' },
          { field: 'pages.gallery', message: 'required' },
          { field: 'restricted.citadel.0.links.0.href', message: expect.stringMatching(/http\(s\) URL or a site path/) },
        ]),
      );
      await adminCall('put', '/settings', settings).expect(200);
      expect(await get<SiteSettings>('/api/content/settings')).toEqual(DEFAULT_SITE_SETTINGS);
    });

    it('shows a notice through its hideAfter day (UTC) and hides it after; a profile may leave out its "more to come" note', async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const shown = await answer<Notice>('post', '/notices', 201, { text: 'Open until today', dateLabel: 'Today', title: 'Open house', hideAfter: day(0) });
      const hidden = await answer<Notice>('post', '/notices', 201, { text: 'Ended yesterday', dateLabel: 'Yesterday', hideAfter: day(-1) });
      expect(hidden.hideAfter).toBe(day(-1));
      const texts = (await get<SiteContent>('/api/content/site')).notices.map((notice) => notice.text);
      expect(texts).toContain('Open until today');
      expect((await get<SiteContent>('/api/content/site')).notices.find((notice) => notice.id === shown.id)?.title).toBe('Open house');
      expect(texts).not.toContain('Ended yesterday');
      // The owner still sees and manages both.
      expect((await answer<Notice[]>('get', '/notices', 200)).map((notice) => notice.id)).toEqual(expect.arrayContaining([shown.id, hidden.id]));
      expect(await answer('patch', `/notices/${hidden.id}`, 200, { hideAfter: null })).not.toHaveProperty('hideAfter');
      expect((await get<SiteContent>('/api/content/site')).notices.map((notice) => notice.text)).toContain('Ended yesterday');
      for (const bad of ['2026-02-30', '31/12/2026', 'tomorrow']) {
        const response = await adminCall('patch', `/notices/${shown.id}`, { hideAfter: bad }).expect(400);
        expect(failure(response).details).toEqual([{ field: 'hideAfter', message: 'must be a date such as 2026-12-31' }]);
      }
      for (const notice of [shown, hidden]) await adminCall('delete', `/notices/${notice.id}`).expect(204);

      const profile = await answer<SiteProfile>('get', '/site', 200);
      const { moreToCome: _moreToCome, ...withoutNote } = profile;
      expect(await answer('put', '/site', 200, { ...profile, moreToCome: '' })).toEqual(withoutNote);
      expect((await get<SiteContent>('/api/content/site')).profile).not.toHaveProperty('moreToCome');
      await adminCall('put', '/site', profile).expect(200);
    });

    it('creates, reads, changes and removes gallery items, refusing a picture already there, and never touches files', async () => {
      const filesBefore = mediaFiles(t.config.dataDir);
      const created = await answer<AdminGalleryItem>('post', '/gallery', 201, galleryItem());
      expect(created).toEqual({ id: expect.any(String), ...galleryItem() });
      const gallery = await get<GalleryItem[]>('/api/content/gallery');
      const { contentHash: _hash, ...shown } = galleryItem();
      expect(gallery.at(-1)).toEqual({ id: created.id, ...shown });

      const duplicate = await adminCall('post', '/gallery', galleryItem({ img: '/assets/gallery/other.jpg' })).expect(409);
      expect(failure(duplicate)).toMatchObject({ code: 'CONFLICT', details: [{ field: 'contentHash', message: 'is already in the gallery' }] });

      expect(await answer('get', `/gallery/${created.id}`, 200)).toEqual(created);
      const change = { title: 'Stable Diffusion 3.5', contentHash: null };
      expect(await answer('patch', `/gallery/${created.id}`, 200, change)).toEqual({ ...created, ...change });

      const [seededItem] = gallery;
      await adminCall('delete', `/gallery/${seededItem.id}`).expect(204);
      await adminCall('delete', `/gallery/${created.id}`).expect(204);
      await adminCall('get', `/gallery/${created.id}`).expect(404);
      await adminCall('delete', `/gallery/${created.id}`).expect(404);
      const ids = (await get<GalleryItem[]>('/api/content/gallery')).map((item) => item.id);
      expect(ids).toEqual(gallery.slice(1, -1).map((item) => item.id));
      // Deleting an item leaves its picture: the exhibit may show it, and pictures are the CLI's to manage.
      expect(fs.existsSync(assetFile(t.config.dataDir, seededItem.img))).toBe(true);
      expect(mediaFiles(t.config.dataDir)).toEqual(filesBefore);
    });

    const AD = {
      slug: 'amd-mi300x',
      image: '/assets/ads/mi300x.png',
      imageAlt: 'An accelerator',
      title: 'AMD Instinct MI300X',
      domain: 'amd.com',
      tagline: '192 GB of HBM3',
      url: 'https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html',
      description: 'A data-centre accelerator.',
    };
    it.each([
      ['career', { company: 'A start-up', role: 'CTO', period: '2025', summary: 'Built it.' }, { period: '2025 - present' }],
      ['notices', { text: 'Back soon.', dateLabel: 'June, 2025' }, { dateLabel: 'July, 2025' }],
      ['exhibit', { model: 'DALL-E 2', picturePath: '/assets/gallery/x.jpg', width: 512, height: 512 }, { model: 'Midjourney 3' }],
      ['trending', { firstName: 'Noor', lastName: 'Haddad', picturePath: '/assets/users/noor.png', location: 'Amman' }, { location: 'Dubai' }],
      ['ads', AD, { tagline: 'Big memory' }],
    ])('%s: create, read, list at the end, change, remove', async (name, body, change) => {
      const created = await answer<Record<string, unknown>>('post', `/${name}`, 201, body);
      expect(created).toMatchObject(body);
      const id = String(created.id ?? created._id ?? created.slug);
      expect(await answer('get', `/${name}/${id}`, 200)).toEqual(created);
      expect((await answer<unknown[]>('get', `/${name}`, 200)).at(-1)).toEqual(created);
      expect(await answer('patch', `/${name}/${id}`, 200, change)).toEqual({ ...created, ...change });
      await adminCall('delete', `/${name}/${id}`).expect(204);
      await adminCall('get', `/${name}/${id}`).expect(404);
    });

    it('keeps a resource link’s idu on its url and derives the format label from its code', async () => {
      const link = { title: 'Dive into Deep Learning', channel: 'd2l', site: 'd2l.ai', note: 'A book.', icon: 'docs', fmat: 'tt' };
      const body = { ...link, url: 'https://d2l.ai/' };
      const created = await answer<ResourceLink>('post', '/resources', 201, body);
      expect(created).toEqual({ id: expect.any(String), ...body, idu: 'https://d2l.ai/', format: 'text tutorial' });
      const moved = await answer<ResourceLink>('patch', `/resources/${created.id}`, 200, { url: 'https://d2l.ai/index.html', fmat: 'web' });
      expect(moved).toMatchObject({ url: 'https://d2l.ai/index.html', idu: 'https://d2l.ai/index.html', fmat: 'web', format: 'web page' });
      const labelled = await adminCall('post', '/resources', { ...body, format: 'video' }).expect(400);
      expect(failure(labelled).details).toEqual([{ field: 'format', message: 'follows fmat; set fmat instead' }]);
      await adminCall('delete', `/resources/${created.id}`).expect(204);
    });

    it('creates a project from its slug, title, period, role, cover and a few sentences; its page renders its Markdown on the server', async () => {
      const created = await answer<AdminProject>('post', '/projects', 201, {
        slug: 'engine',
        title: 'Analytical Engine',
        period: '1837 - 1871',
        role: 'Designer',
        image: '/assets/content/engine.png',
        narrative: 'A general-purpose mechanical computer.',
      });
      expect(created).toMatchObject({
        imageAlt: 'Analytical Engine',
        bulletsLeft: [],
        chips: [],
        listTitle: 'Analytical Engine',
        listAuthor: 'Designer',
        featured: true,
        page: { slug: 'engine', title: 'Analytical Engine', subtitle: 'Designer, 1837 - 1871', blocks: [{ kind: 'text', paragraphs: ['A general-purpose mechanical computer.'] }] },
      });

      const markdown = '## Notes\n\nSee [the plans](https://example.com/plans) and <script>alert(1)</script>';
      const gallery = { kind: 'gallery', items: [{ src: '/assets/content/mill.png', width: 800, height: 600, caption: 'The mill' }, { src: '/assets/content/run.mp4', poster: '/assets/content/run.jpg' }] };
      await adminCall('patch', '/projects/engine', { page: { ...created.page, slug: undefined, blocks: [{ kind: 'markdown', markdown }, gallery] } }).expect(200);
      const page = await get<ProjectPage>('/api/content/projects/engine');
      expect(page.blocks).toEqual([
        {
          kind: 'markdown',
          markdown,
          html: '<h2>Notes</h2>\n<p>See <a href="https://example.com/plans" target="_blank" rel="noopener noreferrer">the plans</a> and &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
        },
        gallery,
      ]);
      // The HTML is the server's: a client cannot send its own.
      const forged = await adminCall('patch', '/projects/engine', { page: { title: 't', subtitle: 's', blocks: [{ kind: 'markdown', markdown: 'x', html: '<script>alert(1)</script>' }] } }).expect(400);
      expect(failure(forged).details).toEqual([{ field: 'page.blocks.0.html', message: 'is not an accepted field' }]);
      await adminCall('delete', '/projects/engine').expect(204);
    });

    it('creates a project with its page, refuses a taken slug, and changes its page', async () => {
      const { page: _page, slug: _slug, ...solar } = await answer<AdminProject>('get', '/projects/solar', 200);
      const page = { title: 'Lighthouse', subtitle: 'A new project', blocks: [{ kind: 'text', paragraphs: ['Hello.'] }] };
      const body = { ...solar, slug: 'lighthouse', title: 'Lighthouse', featured: false, page };
      const created = await answer<AdminProject>('post', '/projects', 201, body);
      expect(created.page).toEqual({ slug: 'lighthouse', ...page });
      expect(await get<ProjectPage>('/api/content/projects/lighthouse')).toEqual(created.page);
      expect((await get<SiteContent>('/api/content/site')).projects.at(-1)).toMatchObject({ slug: 'lighthouse', featured: false });

      const taken = await adminCall('post', '/projects', { ...body, slug: 'solar' }).expect(409);
      expect(failure(taken)).toMatchObject({ code: 'CONFLICT', details: [{ field: 'slug', message: 'is already taken by another project' }] });

      const blocks = [{ kind: 'licence', name: 'MIT License', text: 'MIT License ...' }];
      await adminCall('patch', '/projects/lighthouse', { page: { ...page, blocks } }).expect(200);
      expect((await get<ProjectPage>('/api/content/projects/lighthouse')).blocks).toEqual(blocks);
      // A change that does not mention `featured` leaves it as it was.
      await adminCall('patch', '/projects/lighthouse', { title: 'Lighthouse 2' }).expect(200);
      expect(await answer('get', '/projects/lighthouse', 200)).toMatchObject({ title: 'Lighthouse 2', featured: false });

      await adminCall('delete', '/projects/lighthouse').expect(204);
      await t.http.get('/api/content/projects/lighthouse').expect(404);
    });

    it('refuses invalid input, naming each field', async () => {
      const page = (blocks: object[]) => ({ page: { title: 't', subtitle: 's', blocks } });
      const resource = { title: 'x', channel: 'c', site: 's', url: 'javascript:alert(1)', note: 'n', icon: 'tiktok', fmat: 'book' };
      const cases: Array<[Parameters<typeof adminCall>[0], string, object | undefined, Array<[string, string | RegExp]>]> = [
        ['post', '/gallery', galleryItem({ img: 'https://elsewhere.example/x.jpg', thumb: '/assets/../etc/passwd', contentHash: 'nope' }), [
          ['img', /\/assets\//],
          ['thumb', /\/assets\//],
          ['contentHash', /SHA-256/],
        ]],
        ['post', '/gallery', galleryItem({ width: 0, position: 3, title: 'x'.repeat(121) }), [
          ['title', 'must be at most 120 characters'],
          ['width', 'must be between 1 and 20000'],
          ['position', 'is not an accepted field'],
        ]],
        ['post', '/resources', resource, [
          ['url', 'must be an http(s) URL'],
          ['icon', 'must be one of webpage, yt, gh, docs'],
          ['fmat', /^must be one of tt, vid/],
        ]],
        ['post', '/projects', { slug: 'Bad Slug' }, [
          ['slug', /lower-case/],
          ['title', 'required'],
        ]],
        ['patch', '/projects/solar', { chips: [{ name: 'Python', color: 'blue' }], ...page([{ kind: 'poem' }]) }, [
          ['chips.0.color', /hex colour/],
          ['page.blocks.0.kind', /^must be one of text, chips, videos, links, profile-card, licence/],
        ]],
        ['patch', '/projects/solar', page([{ kind: 'links', links: [{ label: 'x', url: '//evil.example' }] }]), [
          ['page.blocks.0.links.0.url', /http\(s\) URL or a site path/],
        ]],
        ['patch', '/notices/00000000-0000-4000-8000-000000000000', {}, [['(body)', 'give at least one field to change']]],
        ['post', '/ads', { ...AD, url: 'ftp://nvidia.com' }, [['url', 'must be an http(s) URL']]],
        ['get', '/career/not-a-uuid', undefined, [['id', 'must be a career highlight id']]],
        ['put', '/trending/order', { ids: 'all' }, [['ids', 'must be a list']]],
      ];
      for (const [method, path, body, fields] of cases) {
        const response = await adminCall(method, path, body);
        expect({ path, status: response.status, code: failure(response).code }).toEqual({ path, status: 400, code: 'VALIDATION_FAILED' });
        const expected = fields.map(([field, message]) => ({
          field,
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        }));
        expect(failure(response).details).toEqual(expect.arrayContaining(expected));
      }
    });

    it('answers 404 for unknown ids and slugs', async () => {
      await adminCall('get', '/career/00000000-0000-4000-8000-000000000000').expect(404);
      await adminCall('patch', '/ads/no-such-ad', { title: 'x' }).expect(404);
      const response = await adminCall('delete', '/projects/no-such-project').expect(404);
      expect(failure(response)).toMatchObject({ code: 'NOT_FOUND', message: "No project with slug 'no-such-project'" });
      await adminCall('get', '/unknown-collection').expect(404);
    });

    it('reorders a list from the full id list, and refuses a list that leaves out, repeats or invents an id', async () => {
      const trendingIds = async () => (await get<TrendingUser[]>('/api/content/trending')).map((user) => user._id);
      const ids = (await trendingIds()).reverse();
      expect((await answer<TrendingUser[]>('put', '/trending/order', 200, { ids })).map((user) => user._id)).toEqual(ids);
      expect(await trendingIds()).toEqual(ids);

      for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '00000000-0000-4000-8000-000000000000']]) {
        const response = await adminCall('put', '/trending/order', { ids: wrong }).expect(400);
        expect(failure(response).details).toEqual([{ field: 'ids', message: 'must list every trending user id exactly once' }]);
      }
      expect(await trendingIds()).toEqual(ids);

      // Projects are named by slug.
      const slugs = async () => (await get<SiteContent>('/api/content/site')).projects.map((project) => project.slug);
      const original = await slugs();
      const rotated = [...original.slice(1), original[0]];
      await adminCall('put', '/projects/order', { ids: rotated }).expect(200);
      expect(await slugs()).toEqual(rotated);
      await adminCall('put', '/projects/order', { ids: original }).expect(200);
    });
  });
});
