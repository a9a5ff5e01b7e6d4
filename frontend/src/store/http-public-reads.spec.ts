import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMock } from '../test/fetch-mock';
import { projectPages, siteContent } from '../test/content-fixtures';
import { httpPublicReads } from './http-public-reads';

const bram = { dna: 'TTGACCAGTA', svgimage: 'data:image/svg+xml,<svg/>', genes: [], nurture: [], culture: [] };

// The content is this site's (VITE_API_URL); Bot Folk and who draws pictures, the generation API's.
vi.mock('../config', () => ({ DEFAULT_BASE: '/api', config: { apiUrl: '/site-api', genApiUrl: 'https://gen.example/api' } }));

const { fetch: fetchStub, answer, lastCall } = fetchMock();
vi.stubGlobal('fetch', fetchStub);
afterEach(() => fetchStub.mockReset());
/** Where a call to this base goes: a relative base is the page's. */
const at = (url: string) => new URL(url, location.href).href;

describe('httpPublicReads', () => {
  it('reads the site content from the content API', async () => {
    answer(siteContent);
    await expect(httpPublicReads.site()).resolves.toEqual(siteContent);
    expect((await lastCall())).toMatchObject({ url: at('/site-api/content/site'), method: 'GET' });
  });

  it.each([
    ['gallery', '/site-api/content/gallery'],
    ['exhibit', '/site-api/content/exhibit'],
    ['resources', '/site-api/content/resources'],
    ['trending', '/site-api/content/trending'],
    ['generationExamples', '/site-api/generation/examples'],
    ['generationInfo', 'https://gen.example/api/generation/info'],
  ] as const)('reads %s from %s', async (read, url) => {
    answer([]);
    await expect(httpPublicReads[read]()).resolves.toEqual([]);
    expect((await lastCall()).url).toBe(at(url));
  });

  it('reads a project by its slug, escaped, and answers null where the API has no such project', async () => {
    answer(projectPages.solar);
    await expect(httpPublicReads.project('solar')).resolves.toEqual(projectPages.solar);
    expect((await lastCall()).url).toBe(at('/site-api/content/projects/solar'));

    answer({ statusCode: 404, code: 'NOT_FOUND', message: 'No such project' }, 404);
    await expect(httpPublicReads.project('a/b c')).resolves.toBeNull();
    expect((await lastCall()).url).toBe(at('/site-api/content/projects/a%2Fb%20c'));
  });

  it('fails a project read that fails otherwise, with the server’s code', async () => {
    answer({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500);
    await expect(httpPublicReads.project('solar')).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('asks the generation API for the individual a DNA line names, or for a new one', async () => {
    answer(bram);
    await expect(httpPublicReads.pyface({ dna: bram.dna })).resolves.toEqual(bram);
    expect((await lastCall()).url).toBe(`https://gen.example/api/pyface?dna=${bram.dna}`);

    answer(bram);
    await httpPublicReads.pyface({});
    expect((await lastCall()).url).toBe('https://gen.example/api/pyface');
  });

  it('fails a DNA line the API refuses', async () => {
    answer({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Invalid DNA' }, 400);
    await expect(httpPublicReads.pyface({ dna: 'NOT-DNA' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
