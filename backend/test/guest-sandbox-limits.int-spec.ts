import { randomBytes } from 'node:crypto';
import { GUEST_ACCOUNT, type LoginResponse, type Post } from '@atelier/contracts';
import sharp from 'sharp';
import { GuestSandboxes } from '../src/modules/users/guest-sandboxes.service';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { registerMember, storedFiles } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';

const DAY_MS = 24 * 3600 * 1000;

/** 128x128 of noise: a PNG that does not compress, about 49 KB stored whatever the encoder does. */
const noisePng = () => sharp(randomBytes(128 * 128 * 3), { raw: { width: 128, height: 128, channels: 3 } }).png().toBuffer();

describe('guest sandboxes: limits per address and in total, and a picture quota', () => {
  let t: TestApp;

  const guestLogin = (ip: string) => t.http.post('/api/auth/login').set('X-Forwarded-For', ip).send(GUEST_ACCOUNT);
  const signInAsGuest = async (ip: string) => {
    const login = (await guestLogin(ip).expect(200)).body as LoginResponse;
    return { id: login.user._id, auth: { Authorization: `Bearer ${login.token}`, 'X-Forwarded-For': ip } };
  };
  const postPicture = async (auth: Record<string, string>) =>
    t.http.post('/api/posts').set(auth).field('description', 'a picture').attach('picture', await noisePng(), 'noise.png');

  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_TOKEN,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      GUEST_SANDBOXES_PER_IP_PER_HOUR: '3',
      GUEST_SANDBOXES_MAX: '5',
      MEMBER_WRITES_PER_MINUTE: '6',
      GUEST_SANDBOX_PICTURE_MB: '0.12', // two of the noise pictures
      GUEST_SANDBOXES_PICTURE_MB: '0.17', // three of them
    });
    await t.http.post('/api/admin/users/reset-guest').set(admin).expect(200);
  });
  afterAll(() => t.close());

  it('opens GUEST_SANDBOXES_PER_IP_PER_HOUR sandboxes per address, then answers 429 with Retry-After; other addresses and members go on', async () => {
    for (let i = 0; i < 3; i++) await guestLogin('203.0.113.7').expect(200);
    const refused = await guestLogin('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/opened 3 guest sandboxes in the last hour.*register an account/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Refused before the password is hashed: a flood of refused sign-ins costs no argon2 time.
    await t.http.post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ ...GUEST_ACCOUNT, password: 'not-the-password' }).expect(429);

    await guestLogin('198.51.100.2').expect(200);
    const member = await registerMember(t);
    await t.http.post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ email: member.email, password: member.password }).expect(200);
  });

  it('opens at most GUEST_SANDBOXES_MAX alive at once; a sweep makes room again', async () => {
    await guestLogin('198.51.100.2').expect(200); // the fifth alive
    const refused = await guestLogin('192.0.2.9');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/as many guest visitors as it takes \(5\); try again in \d+ min or register an account/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);

    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    await guestLogin('192.0.2.9').expect(200);
  });

  it("counts guests' writes per address: a second sandbox brings no fresh allowance, while a member's own count is theirs", async () => {
    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    const [one, two] = [await signInAsGuest('192.0.2.50'), await signInAsGuest('192.0.2.50')];
    for (let i = 0; i < 3; i++) await t.http.post('/api/posts').set(one.auth).field('description', `one ${i}`).expect(201);
    for (let i = 0; i < 3; i++) await t.http.post('/api/posts').set(two.auth).field('description', `two ${i}`).expect(201);
    const refused = await t.http.post('/api/posts').set(two.auth).field('description', 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many posts in a minute/) });

    const member = await registerMember(t);
    await t.http.post('/api/posts').set({ ...member.auth, 'X-Forwarded-For': '192.0.2.50' }).field('description', 'mine').expect(201);
  });

  it('stores GUEST_SANDBOX_PICTURE_MB of pictures per sandbox (413) and GUEST_SANDBOXES_PICTURE_MB for all (429); posts without one still go', async () => {
    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    const [one, two] = [await signInAsGuest('192.0.2.60'), await signInAsGuest('192.0.2.61')];
    const filesBefore = storedFiles(t, 'posts').length;
    expect((await postPicture(one.auth)).status).toBe(201);
    expect((await postPicture(one.auth)).status).toBe(201);
    const full = await postPicture(one.auth);
    expect(full.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/may store 0\.1 MB of pictures.*post without a picture, or register an account/) });
    expect(storedFiles(t, 'posts')).toHaveLength(filesBefore + 2);
    await t.http.post('/api/posts').set(one.auth).field('description', 'words only').expect(201);

    expect((await postPicture(two.auth)).status).toBe(201);
    const allFull = await postPicture(two.auth);
    expect(allFull.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/used all the picture space set aside for them/) });
    expect(Number(allFull.headers['retry-after'])).toBeGreaterThan(0);
    expect(storedFiles(t, 'posts')).toHaveLength(filesBefore + 3);

    // Members' pictures are not counted; a sweep frees the sandboxes' space with their pictures.
    const member = await registerMember(t);
    expect((await postPicture(member.auth)).status).toBe(201);
    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    expect((await postPicture((await signInAsGuest('192.0.2.62')).auth)).status).toBe(201);
  });

  it("serves a guest's pictures to this site only (same-origin), members' to any site (cross-origin)", async () => {
    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    const guest = await signInAsGuest('192.0.2.70');
    const posted = async (auth: Record<string, string>) => {
      const answer = await postPicture(auth);
      expect(answer.status).toBe(201);
      return (answer.body as Post[])[0];
    };
    const guestPost = await posted(guest.auth);
    const memberPost = await posted((await registerMember(t)).auth);
    expect(guestPost.picturePath).toMatch(/^guest-[0-9a-f]{32}\.(png|jpg)$/);
    expect(memberPost.picturePath).toMatch(/^[0-9a-f]{32}\.(png|jpg)$/);

    const policy = async (path: string) => {
      const answer = await t.http.get(path).expect(200);
      return answer.headers['cross-origin-resource-policy'];
    };
    for (const path of [`/assets/posts/${guestPost.picturePath}`, `/assets/${guestPost.picturePath}`, `/assets/posts/${guestPost.picturePath}?w=248`]) {
      expect(await policy(path)).toBe('same-origin');
    }
    expect(await policy(`/assets/posts/${memberPost.picturePath}`)).toBe('cross-origin');
    expect(await policy(`/assets/${memberPost.picturePath}`)).toBe('cross-origin');
  });

  it('counts an IPv6 visitor by the /64 their addresses share', async () => {
    await t.app.get(GuestSandboxes).sweep(new Date(Date.now() + DAY_MS + 60_000));
    for (const ip of ['2001:db8:0:7::1', '2001:db8:0:7:a:b:c:d', '2001:DB8:0:7::ffff']) await guestLogin(ip).expect(200);
    expect((await guestLogin('2001:db8:0:7:1234::5')).status).toBe(429);
    await guestLogin('2001:db8:0:8::1').expect(200);
  });
});
