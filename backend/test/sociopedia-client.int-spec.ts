import * as fs from 'node:fs';
import * as path from 'node:path';
import { GUEST_ACCOUNT, type FriendSummary, type LoginResponse, type Member, type Post } from '@atelier/contracts';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { matrixNetworkSeed } from '../src/db/seed/matrix-network.seed';
import { queueSeedPictures } from '../src/db/seed/seed-pictures.service';
import { runSeeds } from '../src/db/seed/seeder';
import { asBytes, createTestApp, type TestApp } from './helpers/test-app';
import { pngFixture, registrationFields } from './helpers/members';

/*
 * Matrix Network copies Sociopedia (github.com/ed-roh/mern-social-media), and a client built against
 * the original's defaults must work unchanged (docs/decisions/0012-sociopedia-compatible-api.md): its base `http://localhost:3001` becomes
 * `/express`, and nothing else changes. Each request below is the one a file of the original client
 * sends, with its method, headers and body; each picture is the URL it builds for <img>, which the
 * original server answered from one folder, `public/assets`.
 */

/** Where the original client runs (create-react-app's dev server), and the original server's CORS whitelist. */
const CLIENT_ORIGIN = 'http://localhost:3000';
const BASE = '/express';
const STORED_NAME = /^[0-9a-f]{32}\.png$/;

/** The headers Chromium sends for a plain <img src> on another origin: a no-cors request, no Origin. */
const IMG_HEADERS = {
  Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  'Sec-Fetch-Mode': 'no-cors',
  'Sec-Fetch-Dest': 'image',
  'Sec-Fetch-Site': 'same-site',
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The original client's requests, one method per fetch call, named after the file that makes it. */
class SociopediaClient {
  constructor(private readonly t: TestApp) {}

  /**
   * client/src/scenes/loginPage/Form.jsx, register(): every Formik value appended to a FormData in
   * the form's order (the dropped File as `picture`), then `picturePath` = the file's name; no headers.
   */
  register(values: Record<string, string>, picture: { file: Buffer; name: string }): Promise<Response> {
    let request = this.t.http.post(`${BASE}/auth/register`);
    for (const [name, value] of Object.entries(values)) request = request.field(name, value);
    return request.attach('picture', picture.file, { filename: picture.name, contentType: 'image/png' }).field('picturePath', picture.name);
  }

  /** client/src/scenes/loginPage/Form.jsx, login(): JSON of the form's values. */
  login(values: { email: string; password: string }): Promise<Response> {
    return this.t.http.post(`${BASE}/auth/login`).set('Content-Type', 'application/json').send(JSON.stringify(values));
  }

  /** client/src/scenes/widgets/PostsWidget.jsx, getPosts(). */
  feed(token: string): Promise<Response> {
    return this.t.http.get(`${BASE}/posts`).set(bearer(token));
  }

  /** client/src/scenes/widgets/PostsWidget.jsx, getUserPosts() (the profile page's posts). */
  userPosts(token: string, userId: string): Promise<Response> {
    return this.t.http.get(`${BASE}/posts/${userId}/posts`).set(bearer(token));
  }

  /** client/src/scenes/profilePage/index.jsx and client/src/scenes/widgets/UserWidget.jsx, getUser(). */
  user(token: string, userId: string): Promise<Response> {
    return this.t.http.get(`${BASE}/users/${userId}`).set(bearer(token));
  }

  /** client/src/scenes/widgets/FriendListWidget.jsx, getFriends(). */
  friends(token: string, userId: string): Promise<Response> {
    return this.t.http.get(`${BASE}/users/${userId}/friends`).set(bearer(token));
  }

  /** client/src/components/Friend.jsx, patchFriend(): a JSON content type and no body. */
  toggleFriend(token: string, userId: string, friendId: string): Promise<Response> {
    return this.t.http.patch(`${BASE}/users/${userId}/${friendId}`).set({ ...bearer(token), 'Content-Type': 'application/json' });
  }

  /** client/src/scenes/widgets/MyPostWidget.jsx, handlePost(): FormData of userId, description, then picture and picturePath. */
  createPost(token: string, userId: string, description: string, picture?: { file: Buffer; name: string }): Promise<Response> {
    let request = this.t.http.post(`${BASE}/posts`).set(bearer(token)).field('userId', userId).field('description', description);
    if (picture) request = request.attach('picture', picture.file, { filename: picture.name, contentType: 'image/png' }).field('picturePath', picture.name);
    return request;
  }

  /** client/src/scenes/widgets/PostWidget.jsx, patchLike(): JSON of the signed-in member's id. */
  like(token: string, postId: string, userId: string): Promise<Response> {
    return this.t.http
      .patch(`${BASE}/posts/${postId}/like`)
      .set({ ...bearer(token), 'Content-Type': 'application/json' })
      .send(JSON.stringify({ userId }));
  }

  /**
   * client/src/components/UserImage.jsx (`/assets/${image}`, for user.picturePath, a post's
   * userPicturePath and a friend's picturePath) and client/src/scenes/widgets/PostWidget.jsx
   * (`/assets/${picturePath}`), under the server's root (`http://localhost:3001` in the original):
   * the picture as the browser fetches it, bytes in the body.
   */
  picture(fileName: string, headers: Record<string, string> = IMG_HEADERS, root = ''): Promise<Response> {
    return asBytes(this.t.http.get(`${root}/assets/${fileName}`).set(headers));
  }
}

describe('the original Sociopedia client against /express, pictures included', () => {
  let t: TestApp;
  let client: SociopediaClient;

  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: CLIENT_ORIGIN });
    client = new SociopediaClient(t);
  });
  afterAll(() => t.close());

  /** Registers and signs in through the client's form, as the lobby does: register, then login. */
  async function signUp(firstName: string): Promise<LoginResponse> {
    const { email, password, ...rest } = registrationFields({ firstName });
    // The form's field order: firstName, lastName, email, password, location, occupation.
    const values = { firstName: rest.firstName, lastName: rest.lastName, email, password, location: rest.location, occupation: rest.occupation };
    const registered = await client.register(values, { file: await pngFixture(120, 90), name: `${firstName.toLowerCase()}.png` });
    expect(registered.status).toBe(201);
    expect(registered.body).toBeTruthy(); // all the form reads of it
    const loggedIn = await client.login({ email, password });
    expect(loggedIn.status).toBe(200);
    return loggedIn.body as LoginResponse;
  }

  /** What a browser needs to show the picture on a page of another origin, and the picture itself. */
  async function expectEmbeddable(fileName: string) {
    const asImg = await client.picture(fileName);
    expect({ fileName, status: asImg.status }).toEqual({ fileName, status: 200 });
    expect(asImg.headers['content-type']).toBe('image/png');
    expect(asImg.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A fetch(), a canvas or <img crossorigin> from the client's origin: CORS, for the configured origin only.
    const asCors = await client.picture(fileName, { ...IMG_HEADERS, Origin: CLIENT_ORIGIN, 'Sec-Fetch-Mode': 'cors' });
    expect(asCors.status).toBe(200);
    expect(asCors.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    const elsewhere = await client.picture(fileName, { ...IMG_HEADERS, Origin: 'https://elsewhere.example', 'Sec-Fetch-Mode': 'cors' });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect((asCors.body as Buffer).equals(asImg.body as Buffer)).toBe(true);
    // A client given /express as its one server root, calls and pictures alike, asks there.
    const underBase = await client.picture(fileName, IMG_HEADERS, BASE);
    expect(underBase.status).toBe(200);
    expect(underBase.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((underBase.body as Buffer).equals(asImg.body as Buffer)).toBe(true);
    return sharp(asImg.body as Buffer).metadata();
  }

  it("replays the client's session in its order, and every picture it builds loads from another origin", async () => {
    // The lobby (Form.jsx): two members sign up with a picture and sign in.
    const ben = await signUp('Ben');
    const ada = await signUp('Ada');
    expect(ada.user.picturePath).toMatch(STORED_NAME); // a generated name, never the client's "ada.png"

    // Ben posts a picture first, so Ada's feed has someone else's picture post (MyPostWidget.jsx).
    const benPicture = await pngFixture(200, 150);
    expect((await client.createPost(ben.token, ben.user._id, 'A picture from Ben', { file: benPicture, name: 'sunset.png' })).status).toBe(201);

    // The home page (homePage/index.jsx): UserWidget's getUser, PostsWidget's getPosts, FriendListWidget's getFriends.
    const me = await client.user(ada.token, ada.user._id);
    expect(me.status).toBe(200);
    expect((me.body as Member).picturePath).toBe(ada.user.picturePath);
    const feed = await client.feed(ada.token);
    expect(feed.status).toBe(200);
    const bensPost = (feed.body as Post[]).find((post) => post.userId === ben.user._id);
    expect(bensPost).toMatchObject({ description: 'A picture from Ben', picturePath: expect.stringMatching(STORED_NAME), userPicturePath: ben.user.picturePath });
    expect((await client.friends(ada.token, ada.user._id)).body).toEqual([]);

    // Friend.jsx on Ben's post: the toggle answers the new friend list, with Ben's picture.
    const toggled = await client.toggleFriend(ada.token, ada.user._id, ben.user._id);
    expect(toggled.status).toBe(200);
    expect((toggled.body as FriendSummary[]).map((friend) => [friend._id, friend.picturePath])).toEqual([[ben.user._id, ben.user.picturePath]]);

    // Ben's profile page (profilePage/index.jsx): his record, his friends, his posts.
    expect(((await client.user(ada.token, ben.user._id)).body as Member).friends.map((friend) => friend._id)).toEqual([ada.user._id]);
    const bensFriends = await client.friends(ada.token, ben.user._id);
    expect((bensFriends.body as FriendSummary[]).map((friend) => friend.picturePath)).toEqual([ada.user.picturePath]);
    const bensPosts = await client.userPosts(ada.token, ben.user._id);
    expect((bensPosts.body as Post[]).map((post) => post._id)).toEqual([bensPost!._id]);

    // MyPostWidget.jsx: Ada posts a picture; the answer is the feed with her post in it.
    const posted = await client.createPost(ada.token, ada.user._id, 'Hello from the original client', { file: await pngFixture(160, 100), name: 'hello.png' });
    expect(posted.status).toBe(201);
    const adasPost = (posted.body as Post[]).find((post) => post.userId === ada.user._id);
    expect(adasPost).toMatchObject({ picturePath: expect.stringMatching(STORED_NAME), userPicturePath: ada.user.picturePath });

    // PostWidget.jsx: Ada likes Ben's post; the answer is the post, liked by her.
    const liked = await client.like(ada.token, bensPost!._id, ada.user._id);
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ _id: bensPost!._id, likes: { [ada.user._id]: true }, picturePath: bensPost!.picturePath });

    // Every <img> of those screens: both members' faces (UserImage.jsx) and both posts' pictures (PostWidget.jsx).
    const adaFace = await expectEmbeddable(ada.user.picturePath);
    expect(adaFace).toMatchObject({ format: 'png', width: 120, height: 90 });
    await expectEmbeddable(ben.user.picturePath);
    expect(await expectEmbeddable(bensPost!.picturePath!)).toMatchObject({ width: 200, height: 150 });
    expect(await expectEmbeddable(adasPost!.picturePath!)).toMatchObject({ width: 160, height: 100 });
  });

  describe('/assets/<file>, the original single folder', () => {
    let member: LoginResponse;
    let post: Post;

    beforeAll(async () => {
      member = await signUp('Cleo');
      const posted = await client.createPost(member.token, member.user._id, 'Cleo pictures', { file: await pngFixture(), name: 'cleo.png' });
      post = (posted.body as Post[])[0];
    });

    it('is the same file as /assets/users/<file> and /assets/posts/<file>: same bytes, caching and ETag', async () => {
      for (const [folder, name] of [['users', member.user.picturePath], ['posts', post.picturePath!]]) {
        const bare = await client.picture(name);
        const full = await client.picture(`${folder}/${name}`);
        expect(full.status).toBe(200);
        expect((bare.body as Buffer).equals(full.body as Buffer)).toBe(true);
        expect(bare.headers['cache-control']).toBe(full.headers['cache-control']);
        expect(bare.headers['cache-control']).toContain('immutable');
        expect(bare.headers.etag).toBe(full.headers.etag);
        await t.http.get(`/assets/${name}`).set('If-None-Match', String(bare.headers.etag)).expect(304);
      }
    });

    it('takes the same resize parameters, sharing the render', async () => {
      const bare = await client.picture(`${post.picturePath}?w=124&fit=crop&auto=format`);
      const full = await client.picture(`posts/${post.picturePath}?w=124&fit=crop&auto=format`);
      expect(bare.status).toBe(200);
      expect(bare.headers['content-type']).toBe('image/avif');
      expect(bare.headers.etag).toBe(full.headers.etag);
      expect(bare.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('answers 404 JSON for a name nobody has', async () => {
      const res = await t.http.get('/assets/0123456789abcdef0123456789abcdef.png').expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    });

    it('still refuses names that climb out of the media folder', async () => {
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.png'), await pngFixture());
      for (const url of ['/assets/..%2fsecret.png', '/assets/%2e%2e', '/assets/.hidden.png', '/assets/users%2f..%2f..%2fsecret.png']) {
        const res = await t.http.get(url);
        expect({ url, status: [400, 404].includes(res.status) }).toEqual({ url, status: true });
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    });
  });

  describe('the rest of the site', () => {
    it('keeps helmet’s same-origin resource policy on API answers', async () => {
      const res = await t.http.get('/express/health').expect(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it("lets the client's origin send the methods it uses (PATCH for likes and friends)", async () => {
      const preflight = await t.http
        .options(`${BASE}/posts/00000000-0000-4000-8000-000000000000/like`)
        .set({ Origin: CLIENT_ORIGIN, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,content-type' })
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
      expect(String(preflight.headers['access-control-allow-methods']).split(/\s*,\s*/)).toContain('PATCH');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    });
  });

  describe('the seeded network, just after a first start', () => {
    let seeded: TestApp;
    afterAll(() => seeded.close());

    it('draws a member’s or a post’s picture not drawn yet when the client asks for its bare name', async () => {
      seeded = await createTestApp({ CORS_ORIGINS: CLIENT_ORIGIN });
      const { db } = seeded.database.handle;
      const { dataDir } = seeded.config;
      await runSeeds(db, [matrixNetworkSeed], { dataDir });
      await queueSeedPictures(db, [matrixNetworkSeed], { dataDir }); // queued as a start queues them, not drawn
      const guestClient = new SociopediaClient(seeded);
      const { token, user } = (await guestClient.login(GUEST_ACCOUNT)).body as LoginResponse;
      const art = ((await guestClient.feed(token)).body as Post[]).find((post) => post.picturePath !== null)!;
      for (const [folder, name] of [['users', user.picturePath], ['posts', art.picturePath!]]) {
        expect(fs.existsSync(path.join(dataDir, 'media', folder, name))).toBe(false);
        const res = await guestClient.picture(name);
        expect({ name, status: res.status, type: res.headers['content-type'] }).toEqual({ name, status: 200, type: 'image/png' });
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
    });
  });
});
