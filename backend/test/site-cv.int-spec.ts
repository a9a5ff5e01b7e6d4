import * as fs from 'node:fs';
import type { SiteProfile } from '@atelier/contracts';
import { mediaFileOf } from '../src/modules/media/media-paths';
import { mediaFiles, runShowcaseSeed, SEED_TIMEOUT_MS } from './helpers/content';
import { ADMIN_TOKEN } from './helpers/generation';
import { asBytes, createTestApp, type TestApp } from './helpers/test-app';

// POST and DELETE /api/admin/content/site/cv: the owner's CV, a PDF the profile card offers for
// download, as `atelier site cv` sends it.

const MAX_BYTES = 4096;

/** A small PDF: what matters is its first bytes, which every PDF shares. */
const pdf = (text: string, size = 600) => Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);

describe('CV upload (admin)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, CV_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    await runShowcaseSeed(t.database.handle.db, t.config.dataDir);
  }, SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  const upload = (file: Buffer | null, name = 'My CV.pdf', token = ADMIN_TOKEN) => {
    const call = t.http.post('/api/admin/content/site/cv').set('Authorization', `Bearer ${token}`);
    return file ? call.attach('cv', file, name) : call;
  };
  const remove = () => t.http.delete('/api/admin/content/site/cv').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  const publicProfile = async () => ((await t.http.get('/api/content/site').expect(200)).body as { profile: SiteProfile }).profile;
  const cvFiles = () => mediaFiles(t.config.dataDir).filter((file) => file.startsWith('cv/'));

  it('stores the PDF under a name of its own, the card offers it, and it downloads as application/pdf under its file name', async () => {
    const bytes = pdf('first');
    const saved = (await upload(bytes, 'Résumé 2026 (final).PDF').expect(200)).body as SiteProfile;
    expect(saved.cv).toMatch(/^\/assets\/cv\/[0-9a-f]{32}\/Resume-2026-final\.pdf$/);
    expect((await publicProfile()).cv).toBe(saved.cv);

    const served = await asBytes(t.http.get(saved.cv!)).expect(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment; filename="Resume-2026-final.pdf"');
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
  });

  it('replaces the CV it stored before, deleting that file', async () => {
    const first = ((await upload(pdf('one')).expect(200)).body as SiteProfile).cv!;
    const second = ((await upload(pdf('two'), 'cv.pdf').expect(200)).body as SiteProfile).cv!;
    expect(second).toMatch(/\/cv\.pdf$/);
    expect(fs.existsSync(mediaFileOf(t.config.dataDir, first))).toBe(false);
    expect(fs.existsSync(mediaFileOf(t.config.dataDir, second))).toBe(true);
    expect(cvFiles()).toHaveLength(1);
  });

  it('refuses no file (400), a file that is not a PDF (415), one too large (413) and a wrong token (401), changing nothing', async () => {
    const before = await publicProfile();
    const filesBefore = cvFiles();

    expect((await upload(null).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cv', message: 'is required' }] });
    const notPdf = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cv.pdf').expect(415);
    expect(notPdf.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'cv', message: 'is not a PDF (it does not start with %PDF-)' }] });
    const tooLarge = await upload(pdf('big', MAX_BYTES)).expect(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'cv', message: `must be at most ${MAX_BYTES.toLocaleString('en-US')} bytes` }] });
    await upload(pdf('intruder'), 'cv.pdf', 'wrong-token-0123456789-0123').expect(401);

    const after = await publicProfile();
    expect({ ...after, cv: undefined }).toEqual({ ...before, cv: undefined });
    expect(cvFiles()).toHaveLength(filesBefore.length);
  });

  it('removes the CV from the card and deletes its file; removing none is no error', async () => {
    const cv = ((await upload(pdf('to remove')).expect(200)).body as SiteProfile).cv!;
    const removed = (await remove().expect(200)).body as SiteProfile;
    expect(removed).not.toHaveProperty('cv');
    expect((await publicProfile()).cv).toBeUndefined();
    expect(cvFiles()).toEqual([]);
    await t.http.get(cv).expect(404);
    expect((await remove().expect(200)).body).not.toHaveProperty('cv');
  });
});
