import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  GUEST_ACCOUNT,
  type AdminMember,
  type DemoRemoval,
  type ExhibitItem,
  type GalleryItem,
  type LoginResponse,
  type Post,
  type ResourceLink,
  type SiteContent,
  type TrendingUser,
} from '@atelier/contracts';
import { SEED_POSTS } from '../src/db/seed/matrix-network.content';
import { matrixNetworkSeed } from '../src/db/seed/matrix-network.seed';
import { queueSeedPictures } from '../src/db/seed/seed-pictures.service';
import { runSeeds } from '../src/db/seed/seeder';
import { CAREER, GPU_ADS, PROFILE_PHOTO, PROJECTS, SITE_PROFILE, TRENDING_PEOPLE } from '../src/db/seed/showcase.content';
import { galleryPictures } from '../src/db/seed/showcase.seed';
import { DEMO_FRIENDSHIPS, DEMO_MEMBERS } from '../src/modules/users/demo-members';
import { DemoMembers } from '../src/modules/users/demo-members.service';
import { assetFile, drawSeedPictures, mediaFiles, quietShowcaseSeed, runShowcaseSeed, SEED_TIMEOUT_MS } from './helpers/content';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { pngFixture, registerMember, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

// `atelier demo remove` (issue #39): the seed's fictional content goes, found by what the seed
// identifies it by; whatever the owner added stays, whichever collection it is in.

const ZERO_CONTENT = { career: 0, patents: 0, projects: 0, ads: 0, notices: 0, gallery: 0, exhibit: 0, trending: 0, pictures: 0 };

/** What the seed's members leave behind with them, counted from the seed itself. */
function seededMemberCounts() {
  const byMember = (key: string) => key !== 'guest';
  return {
    members: Object.keys(DEMO_MEMBERS).filter(byMember).length,
    posts: SEED_POSTS.filter((post) => byMember(post.author)).length,
    // Comments and likes by them, or on their posts.
    comments: SEED_POSTS.flatMap((post) => post.comments.filter((comment) => byMember(post.author) || byMember(comment.by))).length,
    likes: SEED_POSTS.flatMap((post) => post.likedBy.filter((key) => byMember(post.author) || byMember(key))).length,
    friendships: DEMO_FRIENDSHIPS.filter((pair) => pair.some(byMember)).length,
  };
}

describe('removing the demo content (/api/admin/demo)', () => {
  let t: TestApp;
  let ada: TestMember;
  let adaPost: string;
  const get = async <T>(url: string): Promise<T> => (await t.http.get(url).expect(200)).body as T;
  const dryRun = async (query: Record<string, string> = {}) => (await t.http.get('/api/admin/demo').query(query).set(admin).expect(200)).body as DemoRemoval;
  const remove = async (body?: object) => (await t.http.post('/api/admin/demo/remove').set(admin).send(body).expect(200)).body as DemoRemoval;

  /** The owner's own item in each collection, some naming the seed's pictures. */
  const seedThumb = galleryPictures()[0].thumb;
  const seedFace = '/assets/users/trending-priya-raman.png';
  const owned = {
    career: { company: 'My own company', role: 'Founder', period: '2024 - now', summary: 'Mine.' },
    project: { slug: 'my-project', title: 'My project', period: '2025', role: 'Author', image: seedThumb, narrative: 'A project of mine.' },
    ad: {
      slug: 'my-gpu',
      image: '/assets/content/my-gpu.png',
      imageAlt: 'My GPU',
      title: 'My GPU',
      domain: 'example.com',
      tagline: 'Mine',
      url: 'https://example.com/gpu',
      description: 'A GPU I like.',
    },
    notice: { text: 'My own notice', dateLabel: 'Today' },
    gallery: { img: '/assets/content/mine.png', thumb: '/assets/content/mine.png', title: 'Mine', author: 'Me', width: 64, height: 48 },
    exhibit: { model: 'My model', picturePath: '/assets/content/mine.png', width: 64, height: 48 },
    trending: { firstName: 'Owner', lastName: 'Friend', location: 'Home', picturePath: seedFace },
    patent: { title: 'My own invention', year: 2024, number: 'US 1,234,567 B2' },
  };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    const db = t.database.handle.db;
    await runSeeds(db, [matrixNetworkSeed], { dataDir: t.config.dataDir });
    await drawSeedPictures(db, t.config.dataDir, matrixNetworkSeed);
    await runShowcaseSeed(db, t.config.dataDir);

    fs.mkdirSync(path.dirname(assetFile(t.config.dataDir, '/assets/content/mine.png')), { recursive: true });
    for (const file of ['/assets/content/mine.png', '/assets/content/my-gpu.png']) fs.writeFileSync(assetFile(t.config.dataDir, file), await pngFixture());
    const add = (collection: string, body: object) => t.http.post(`/api/admin/content/${collection}`).set(admin).send(body).expect(201);
    await add('career', owned.career);
    await add('projects', owned.project);
    await add('ads', owned.ad);
    await add('notices', owned.notice);
    await add('gallery', owned.gallery);
    await add('exhibit', owned.exhibit);
    await add('trending', owned.trending);
    const { profile } = await get<SiteContent>('/api/content/site');
    await t.http.put('/api/admin/content/site').set(admin).send({ ...profile, patents: [...profile.patents, owned.patent] }).expect(200);
    // Edited, but still the seed's project by its slug: it goes all the same.
    await t.http.patch('/api/admin/content/projects/solar').set(admin).send({ title: 'My take on solar' }).expect(200);

    // A member of the owner's, who posts, likes a demo member's post and befriends one of them.
    ada = await registerMember(t);
    adaPost = ((await t.http.post('/api/posts').set(ada.auth).field('description', 'Ada was here').expect(201)).body as Post[])[0]._id;
    const feed = (await t.http.get('/api/posts').query({ limit: 50 }).set(ada.auth).expect(200)).body as Post[];
    const miraPost = feed.find((post) => post.firstName === DEMO_MEMBERS.mira.firstName)!;
    await t.http.patch(`/api/posts/${miraPost._id}/like`).set(ada.auth).send({}).expect(200);
    await t.http.patch(`/api/users/${ada.id}/${miraPost.userId}`).set(ada.auth).expect(200);
  }, SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('refuses without the admin token, and with a wrong one', async () => {
    await t.http.get('/api/admin/demo').expect(401);
    await t.http.post('/api/admin/demo/remove').send({}).expect(401);
    await t.http.post('/api/admin/demo/remove').set({ Authorization: 'Bearer not-the-token' }).send({}).expect(401);
    await t.http.post('/api/admin/demo/remove').set(ada.auth).send({}).expect(401);
  });

  it('refuses a bad body or query with 400 and the field at fault, removing nothing', async () => {
    const refused = async (request: ReturnType<typeof t.http.post>) => (await request.expect(400)).body as { code: string; details: unknown[] };
    expect(await refused(t.http.post('/api/admin/demo/remove').set(admin).send({ members: 'yes' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'members', message: 'must be true or false' }],
    });
    expect((await refused(t.http.post('/api/admin/demo/remove').set(admin).send({ members: true, everything: true }))).details).toEqual([
      { field: 'everything', message: 'is not an accepted field' },
    ]);
    expect((await refused(t.http.get('/api/admin/demo').query({ members: 'maybe' }).set(admin))).details).toEqual([
      { field: 'members', message: 'must be true or false' },
    ]);
    expect((await get<SiteContent>('/api/content/site')).career).toHaveLength(CAREER.length + 1);
  });

  describe('in order', () => {
    let before: { files: string[]; gallery: number; exhibit: number; resources: ResourceLink[]; site: SiteContent };
    let dry: DemoRemoval;
    let removed: DemoRemoval;

    beforeAll(async () => {
      before = {
        files: mediaFiles(t.config.dataDir),
        gallery: (await get<GalleryItem[]>('/api/content/gallery')).length,
        exhibit: (await get<ExhibitItem[]>('/api/content/exhibit')).length,
        resources: await get<ResourceLink[]>('/api/content/resources'),
        site: await get<SiteContent>('/api/content/site'),
      };
    });

    it('removes nothing when a part fails: content, members and posts go in one transaction', async () => {
      const members = t.app.get(DemoMembers);
      const failing = jest.spyOn(members, 'remove').mockRejectedValueOnce(new Error('the members part failed'));
      try {
        await t.http.post('/api/admin/demo/remove').set(admin).send({ members: true }).expect(500);
      } finally {
        failing.mockRestore();
      }
      expect(await get<SiteContent>('/api/content/site')).toEqual(before.site);
      expect(await get<GalleryItem[]>('/api/content/gallery')).toHaveLength(before.gallery);
      expect(mediaFiles(t.config.dataDir)).toEqual(before.files);
    });

    it("dry run: counts the seed's items of every kind and removes nothing", async () => {
      dry = await dryRun();
      expect(dry).toEqual({
        dryRun: true,
        career: CAREER.length,
        patents: SITE_PROFILE.patents.length,
        projects: PROJECTS.length,
        ads: GPU_ADS.length,
        notices: 1,
        gallery: before.gallery - 1,
        exhibit: before.exhibit - 1,
        trending: TRENDING_PEOPLE.length,
        pictures: expect.any(Number),
      });
      expect(dry.pictures).toBeGreaterThan(dry.gallery);
      // With members, the same and their part.
      expect(await dryRun({ members: 'true' })).toEqual({
        ...dry,
        pictures: expect.any(Number),
        ...seededMemberCounts(),
        likes: seededMemberCounts().likes + 1,
        friendships: seededMemberCounts().friendships + 1,
      });
      expect(mediaFiles(t.config.dataDir)).toEqual(before.files);
      expect(await get<SiteContent>('/api/content/site')).toEqual(before.site);
      expect(await get<GalleryItem[]>('/api/content/gallery')).toHaveLength(before.gallery);
    });

    it("removes the seed's content, keeps the owner's, and says what it removed", async () => {
      removed = await remove();
      expect(removed).toEqual({ ...dry, dryRun: false });
      expect(removed).not.toHaveProperty('members');

      const site = await get<SiteContent>('/api/content/site');
      expect(site.career.map(({ company, role }) => ({ company, role }))).toEqual([{ company: owned.career.company, role: owned.career.role }]);
      expect(site.projects.map((project) => project.slug)).toEqual([owned.project.slug]);
      expect(site.ads.map((ad) => ad.slug)).toEqual([owned.ad.slug]);
      expect(site.notices.map((notice) => notice.text)).toEqual([owned.notice.text]);
      // The stand-in's patents go; the owner's stays, and the rest of the card is untouched.
      expect(site.profile.patents).toEqual([owned.patent]);
      expect({ ...site.profile, patents: [] }).toEqual({ ...before.site.profile, patents: [] });

      expect((await get<GalleryItem[]>('/api/content/gallery')).map((item) => item.img)).toEqual([owned.gallery.img]);
      expect((await get<ExhibitItem[]>('/api/content/exhibit')).map((item) => item.picturePath)).toEqual([owned.exhibit.picturePath]);
      expect((await get<TrendingUser[]>('/api/content/trending')).map((person) => person.lastName)).toEqual([owned.trending.lastName]);
      expect(await get<ResourceLink[]>('/api/content/resources')).toEqual(before.resources);
      await t.http.get('/api/content/projects/solar').expect(404);
      await t.http.get(`/api/content/ads/${GPU_ADS[0].slug}`).expect(404);
      await get(`/api/content/projects/${owned.project.slug}`);
    });

    it("deletes the seed's files nothing names any more, and keeps those the owner's items or the card still name", async () => {
      const after = new Set(mediaFiles(t.config.dataDir));
      const gone = before.files.filter((file) => !after.has(file));
      expect(gone).toHaveLength(removed.pictures);
      const exists = (sitePath: string) => fs.existsSync(assetFile(t.config.dataDir, sitePath));
      for (const picture of galleryPictures().slice(1)) expect([picture.img, exists(picture.img), exists(picture.thumb)]).toEqual([picture.img, false, false]);
      for (const ad of GPU_ADS) expect(exists(ad.image)).toBe(false);
      // Named by the owner's project, trending person and the profile card.
      expect([seedThumb, seedFace, PROFILE_PHOTO].filter(exists)).toEqual([seedThumb, seedFace, PROFILE_PHOTO]);
      for (const file of ['/assets/content/mine.png', '/assets/content/my-gpu.png']) expect(exists(file)).toBe(true);
      // Members' and posts' files are theirs: untouched without members.
      expect(gone.every((file) => !file.startsWith('users/') || file.startsWith('users/trending-'))).toBe(true);
      expect(gone.some((file) => file.startsWith('posts/'))).toBe(false);
    });

    it('removes nothing the second time, and says so', async () => {
      expect(await remove({})).toEqual({ dryRun: false, ...ZERO_CONTENT });
      expect(await dryRun()).toEqual({ dryRun: true, ...ZERO_CONTENT });
    });

    it("with members: the demo's members go with their posts, likes, comments and friendships; the guest and the owner's members stay", async () => {
      const listMembers = async () => (await t.http.get('/api/admin/users').query({ limit: 100 }).set(admin).expect(200)).body as AdminMember[];
      const demoIds = (await listMembers()).filter((member) => member.email.endsWith('@matrix.example')).map((member) => member.id);
      const filesBefore = mediaFiles(t.config.dataDir);
      // Ada reads the feed twice, so the page is kept in the cache: the removal must drop it.
      const adaFeed = async () => (await t.http.get('/api/posts').query({ limit: 50 }).set(ada.auth).expect(200)).body as Post[];
      for (let read = 0; read < 2; read += 1) expect((await adaFeed()).some((post) => demoIds.includes(post.userId))).toBe(true);

      const report = await remove({ members: true });
      const expected = seededMemberCounts();
      expect(report).toEqual({
        ...ZERO_CONTENT,
        dryRun: false,
        ...expected,
        likes: expected.likes + 1,
        friendships: expected.friendships + 1,
        pictures: expected.members + SEED_POSTS.filter((post) => post.author !== 'guest' && post.art).length,
      });
      const filesAfter = new Set(mediaFiles(t.config.dataDir));
      expect(filesBefore.filter((file) => !filesAfter.has(file))).toHaveLength(report.pictures);

      const remaining = await listMembers();
      expect(remaining.map((member) => member.email).sort()).toEqual([GUEST_ACCOUNT.email, ada.email].sort());
      expect((await adaFeed()).map((post) => post._id)).toEqual([adaPost]);

      // The guest still signs in (a sandbox of its own), and reads none of theirs.
      const guest = (await t.http.post('/api/auth/login').send(GUEST_ACCOUNT).expect(200)).body as LoginResponse;
      const guestFeed = (await t.http.get('/api/posts').query({ limit: 50 }).set({ Authorization: `Bearer ${guest.token}` }).expect(200)).body as Post[];
      expect(guestFeed.some((post) => demoIds.includes(post.userId))).toBe(false);
      expect(guestFeed.map((post) => post._id)).toContain(adaPost);
      expect(guestFeed.some((post) => post.description === SEED_POSTS.find((seeded) => seeded.author === 'guest')!.text)).toBe(true);

      expect(await remove({ members: true })).toEqual({ dryRun: false, ...ZERO_CONTENT, members: 0, posts: 0, comments: 0, likes: 0, friendships: 0 });
    });
  });
});

describe('removing the demo content while its pictures are still being drawn (a first start)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
  });
  afterAll(() => t?.close());

  it('takes a picture not drawn yet out of the queue, so it is never drawn nor written after the removal', async () => {
    const db = t.database.handle.db;
    await runShowcaseSeed(db, t.config.dataDir, { draw: false });
    // Queued as a start queues them; the background drawing starts only after the removal.
    const step = quietShowcaseSeed();
    const batch = await queueSeedPictures(db, [step], { dataDir: t.config.dataDir });
    expect(batch.size).toBeGreaterThan(50);

    const dry = (await t.http.get('/api/admin/demo').set(admin).expect(200)).body as DemoRemoval;
    const removed = (await t.http.post('/api/admin/demo/remove').set(admin).send({}).expect(200)).body as DemoRemoval;
    expect(removed.pictures).toBeGreaterThan(100);
    expect(removed).toEqual({ ...dry, dryRun: false });

    batch.drawInBackground();
    expect((await batch.finished).failed).toBe(0);
    // What the queue drew afterwards is only what rows still name: the profile card's photo.
    expect(mediaFiles(t.config.dataDir).filter((file) => !/^projects[/\\]vid[/\\]/.test(file))).toEqual([path.join('img', 'profile-photo.png')]);
  }, SEED_TIMEOUT_MS);
});
