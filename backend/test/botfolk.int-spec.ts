import { BOTFOLK_WORLDS, CULTURE_TRAITS, GENDER_GENE, type BotFolkIndividual, type BotFolkTrait } from '@atelier/contracts';
import { DNA_LENGTH } from '../src/modules/botfolk/dna';
import { createTestApp, type TestApp } from './helpers/test-app';

const DATA_URL = 'data:image/svg+xml;base64,';
const svgOf = (individual: BotFolkIndividual) => Buffer.from(individual.svgimage.slice(DATA_URL.length), 'base64').toString();
const value = (rows: BotFolkTrait[], name: string) => rows.find((row) => row.name === name)?.value;

/** A line with one base changed: same length and alphabet, wrong checksum. */
const mutate = (dna: string, at: number) => dna.slice(0, at) + (dna[at] === 'A' ? 'C' : 'A') + dna.slice(at + 1);

function expectIndividual(body: BotFolkIndividual) {
  expect(Object.keys(body).sort()).toEqual(['culture', 'dna', 'genes', 'nurture', 'seed', 'svgimage']);
  expect(body.svgimage.startsWith(DATA_URL)).toBe(true);
  const svg = svgOf(body);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="400" height="400"[^>]*>.*<\/svg>$/s);
  expect(svg).not.toMatch(/<script|\son\w+=|href/i);
  for (const rows of [body.genes, body.nurture, body.culture]) {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(typeof row.name).toBe('string');
      expect(row.value === null || ['string', 'number', 'boolean'].includes(typeof row.value)).toBe(true);
    }
  }
  expect(typeof value(body.genes, GENDER_GENE)).toBe('boolean');
  for (const trait of [CULTURE_TRAITS.firstName, CULTURE_TRAITS.lastName, CULTURE_TRAITS.id, CULTURE_TRAITS.born]) {
    expect(value(body.culture, trait)).toEqual(expect.any(String));
  }
  expect(BOTFOLK_WORLDS).toContain(value(body.culture, CULTURE_TRAITS.world));
  expect(body.dna).toMatch(new RegExp(`^[ACGT]{${DNA_LENGTH}}$`));
  expect(body.seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
}

describe('Bot Folk API', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  describe('GET /api/pyface', () => {
    it('answers a new individual to anyone, not to be cached', async () => {
      const res = await t.http.get('/api/pyface').expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expectIndividual(res.body);
    });

    it('answers a different individual each time', async () => {
      const [first, second] = await Promise.all([t.http.get('/api/pyface').expect(200), t.http.get('/api/pyface').expect(200)]);
      expect(first.body.seed).not.toBe(second.body.seed);
      expect(first.body.dna).not.toBe(second.body.dna);
    });

    it('reproduces an individual from its seed, cacheably', async () => {
      const drawn = await t.http.get('/api/pyface').expect(200);
      const again = await t.http.get('/api/pyface').query({ seed: drawn.body.seed }).expect(200);
      expect(again.body).toEqual(drawn.body);
      expect(again.headers['cache-control']).toMatch(/public, max-age=\d+/);
    });

    it('reproduces the genes, face, nurture and culture from the DNA line', async () => {
      const drawn = await t.http.get('/api/pyface').query({ seed: 'permalink-1' }).expect(200);
      const res = await t.http.get('/api/pyface').query({ dna: drawn.body.dna }).expect(200);
      expectIndividual(res.body);
      expect(res.body.genes).toEqual(drawn.body.genes);
      expect(res.body.svgimage).toBe(drawn.body.svgimage);
      expect(res.body.nurture).toEqual(drawn.body.nurture);
      expect(res.body.culture).toEqual(drawn.body.culture);
      expect(res.body.dna).toBe(drawn.body.dna);
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    });

    it.each([
      ['a changed base', (dna: string) => mutate(dna, 5), /checksum/],
      ['a base missing', (dna: string) => dna.slice(1), new RegExp(`must be ${DNA_LENGTH} bases long, not ${DNA_LENGTH - 1}`)],
      ['a letter that is no base', (dna: string) => `X${dna.slice(1)}`, /"X" at position 1/],
      ['lower case', (dna: string) => dna.toLowerCase(), /may only hold the bases A, C, G and T/],
      ['nothing', () => '', /must be \d+ bases long, not 0/],
    ])('refuses DNA with %s: 400 with the reason', async (_case, corrupt, message) => {
      const drawn = await t.http.get('/api/pyface').query({ seed: 'to-corrupt' }).expect(200);
      const res = await t.http.get('/api/pyface').query({ dna: corrupt(drawn.body.dna) }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        details: [{ field: 'dna', message: expect.stringMatching(message) }],
      });
    });

    it('refuses a seed and a DNA line together', async () => {
      const drawn = await t.http.get('/api/pyface').query({ seed: 'both' }).expect(200);
      const res = await t.http.get('/api/pyface').query({ seed: 'both', dna: drawn.body.dna }).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'seed', message: expect.stringMatching(/cannot be combined with dna/) }],
      });
    });

    it.each([
      ['too long', 'x'.repeat(65), 'must be 1 to 64 characters'],
      ['empty', '', 'must be 1 to 64 characters'],
      ['with other characters', 'a b<c>', 'may only hold letters, digits, _ and -'],
    ])('refuses a seed %s', async (_case, seed, message) => {
      const res = await t.http.get('/api/pyface').query({ seed }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'seed', message }] });
    });

    it('refuses a seed given twice and unknown parameters', async () => {
      const twice = await t.http.get('/api/pyface?seed=a&seed=b').expect(400);
      expect(twice.body.details).toEqual([{ field: 'seed', message: 'must be given once, as text' }]);
      const unknown = await t.http.get('/api/pyface?colour=blue').expect(400);
      expect(unknown.body.details).toEqual([{ field: 'colour', message: 'is not an accepted field' }]);
    });

    it('answers on the /fastapi and /express aliases too', async () => {
      const api = await t.http.get('/api/pyface').query({ seed: 'alias' }).expect(200);
      for (const base of ['/fastapi', '/express']) {
        const res = await t.http.get(`${base}/pyface`).query({ seed: 'alias' }).expect(200);
        expect(res.body).toEqual(api.body);
      }
      const fresh = await t.http.get('/fastapi/pyface').expect(200);
      expectIndividual(fresh.body);
    });
  });

  describe('POST /api/pyface/offspring', () => {
    let mother: BotFolkIndividual;
    let father: BotFolkIndividual;
    beforeAll(async () => {
      mother = (await t.http.get('/api/pyface').query({ seed: 'mother' })).body;
      father = (await t.http.get('/api/pyface').query({ seed: 'father' })).body;
    });

    it("answers a child whose genes come from the parents and whose culture names both parents' IDs", async () => {
      const res = await t.http.post('/api/pyface/offspring').send({ parentA: mother.dna, parentB: father.dna }).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expectIndividual(res.body);
      const parentIds = `${value(mother.culture, CULTURE_TRAITS.id)}, ${value(father.culture, CULTURE_TRAITS.id)}`;
      expect(value(res.body.culture, CULTURE_TRAITS.parents)).toBe(parentIds);
      // Each gene from one parent; at a 2% mutation rate, at most a few may be new.
      const strays = res.body.genes.filter(
        (gene: BotFolkTrait) => gene.value !== value(mother.genes, gene.name) && gene.value !== value(father.genes, gene.name),
      );
      expect(strays.length).toBeLessThanOrEqual(4);
      // Its DNA reproduces its genes and face.
      const again = await t.http.get('/api/pyface').query({ dna: res.body.dna }).expect(200);
      expect(again.body.genes).toEqual(res.body.genes);
      expect(again.body.svgimage).toBe(res.body.svgimage);
    });

    it('answers on the /fastapi alias too', async () => {
      const res = await t.http.post('/fastapi/pyface/offspring').send({ parentA: father.dna, parentB: mother.dna }).expect(200);
      expectIndividual(res.body);
    });

    it.each([
      ['no parentB', () => ({ parentA: mother.dna }), 'parentB', /is required/],
      ['no body at all', () => undefined, 'parentA', /is required/],
      ['a parentA that is not DNA', () => ({ parentA: 'hello', parentB: father.dna }), 'parentA', /may only hold the bases/],
      ['a parentB with a changed base', () => ({ parentA: mother.dna, parentB: mutate(father.dna, 0) }), 'parentB', /checksum/],
      ['a parent that is not text', () => ({ parentA: 42, parentB: father.dna }), 'parentA', /must be a DNA line/],
      ['an unknown field', () => ({ parentA: mother.dna, parentB: father.dna, parentC: mother.dna }), 'parentC', /is not an accepted field/],
    ])('refuses %s: 400 with the field', async (_case, body, field, message) => {
      const request = t.http.post('/api/pyface/offspring');
      const res = await (body() === undefined ? request : request.send(body())).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
    });

    it('names both parents when both are wrong', async () => {
      const res = await t.http.post('/api/pyface/offspring').send({ parentA: 'A', parentB: 'TTTT' }).expect(400);
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toEqual(['parentA', 'parentB']);
    });
  });
});
