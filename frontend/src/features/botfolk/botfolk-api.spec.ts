import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMock } from '../../test/fetch-mock';
import { ApiError } from '../../store/api-client';
import { BotFolkAnswerError, botfolkApi } from './botfolk-api';
import { ada, bram, cleo } from './botfolk-test-data';

// Bot Folk is served by the generation API, whose base may differ from the social API's.
vi.mock('../../config', () => ({ DEFAULT_BASE: '/api', config: { apiUrl: '/social-api', genApiUrl: 'https://gen.example/api' } }));

const { fetch: fetchStub, answer, lastCall } = fetchMock();
vi.stubGlobal('fetch', fetchStub);
afterEach(() => fetchStub.mockReset());

describe('botfolk api', () => {
  it('asks the generation API for a new individual', async () => {
    answer(ada);
    await expect(botfolkApi.random()).resolves.toEqual(ada);
    expect(await lastCall()).toMatchObject({ url: 'https://gen.example/api/pyface', method: 'GET' });
  });

  it('asks for exactly the individual with a DNA line', async () => {
    answer(bram);
    await expect(botfolkApi.fromDna(bram.dna)).resolves.toEqual(bram);
    expect((await lastCall()).url).toBe(`https://gen.example/api/pyface?dna=${bram.dna}`);
  });

  it('posts two parents for a child', async () => {
    answer(cleo);
    await expect(botfolkApi.offspring({ parentA: ada.dna, parentB: bram.dna })).resolves.toEqual(cleo);
    expect(await lastCall()).toMatchObject({
      url: 'https://gen.example/api/pyface/offspring',
      method: 'POST',
      body: JSON.stringify({ parentA: ada.dna, parentB: bram.dna }),
    });
  });

  it("refuses a non-2xx answer with the server's code, and no answer at all as NETWORK", async () => {
    answer({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Invalid DNA', details: [{ field: 'dna', message: 'bad checksum' }] }, 400);
    await expect(botfolkApi.fromDna('ACGX')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unreachable = await botfolkApi.random().catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(ApiError);
    expect(unreachable).toMatchObject({ code: 'NETWORK' });
  });

  it('refuses a 2xx answer that is not JSON, or not an individual', async () => {
    answer('<html>gateway</html>');
    await expect(botfolkApi.random()).rejects.toBeInstanceOf(SyntaxError);

    answer({ svgimage: 'data:,', genes: [] });
    await expect(botfolkApi.random()).rejects.toBeInstanceOf(BotFolkAnswerError);
    answer({ ...ada, genes: [{ value: 0.72 }] });
    await expect(botfolkApi.random()).rejects.toBeInstanceOf(BotFolkAnswerError);
  });
});
