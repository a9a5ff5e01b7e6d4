import { BOTFOLK_WORLDS, CULTURE_TRAITS, type BotFolkTrait } from '@atelier/contracts';
import { prng } from '../../common/random/prng';
import { encodeDna } from './dna';
import { randomGenes } from './genome';
import { FIRST_NAMES, LAST_NAMES, identityOf, societyOf } from './society';

const dnaOf = (seed: string) => encodeDna(randomGenes(prng(seed)));
const trait = (rows: BotFolkTrait[], name: string) => rows.find((row) => row.name === name)?.value;

describe('names', () => {
  it('has at least 60 first names per gender and world and 150 last names per world, no name twice', () => {
    const firstNames = BOTFOLK_WORLDS.flatMap((world) => FIRST_NAMES[world]);
    for (const list of firstNames) expect(new Set(list).size).toBeGreaterThanOrEqual(60);
    for (const world of BOTFOLK_WORLDS) expect(new Set(LAST_NAMES[world]).size).toBeGreaterThanOrEqual(150);
    // No first name serves two lists, so a name alone tells the gender and the world.
    const all = firstNames.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((name) => /^[A-Z][a-z]+$/.test(name))).toBe(true);
  });
});

describe('societyOf', () => {
  it('names every individual from the lists of its gender and its world', () => {
    const worlds = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const female = i % 2 === 0;
      const society = societyOf(dnaOf(`names-${i}`), female);
      worlds.add(society.world);
      expect(FIRST_NAMES[society.world][female ? 1 : 0]).toContain(society.firstName);
      expect(LAST_NAMES[society.world]).toContain(society.lastName);
      expect(trait(society.culture, CULTURE_TRAITS.firstName)).toBe(society.firstName);
      expect(trait(society.culture, CULTURE_TRAITS.lastName)).toBe(society.lastName);
      expect(trait(society.culture, CULTURE_TRAITS.world)).toBe(society.world);
    }
    expect([...worlds].sort()).toEqual([...BOTFOLK_WORLDS].sort());
  });

  it('draws the same nurture and culture from the same DNA, and others from other DNA', () => {
    const dna = dnaOf('same');
    expect(societyOf(dna, true)).toEqual(societyOf(dna, true));
    expect(societyOf(dnaOf('other'), true).culture).not.toEqual(societyOf(dna, true).culture);
  });

  it('rarely gives two individuals the same full name, and never the same ID', () => {
    const names = new Set<string>();
    const ids = new Set<string>();
    const n = 2_000;
    for (let i = 0; i < n; i++) {
      const society = societyOf(dnaOf(`unique-${i}`), i % 2 === 0);
      names.add(`${society.firstName} ${society.lastName}`);
      ids.add(society.id);
    }
    expect(ids.size).toBe(n);
    // 4 x 64 x 160 names: about 48 shared pairs expected among 2,000 by the birthday bound.
    expect(names.size).toBeGreaterThan(n * 0.95);
  });

  it('lists the culture traits every individual has, in order, and parents only when bred', () => {
    const society = societyOf(dnaOf('traits'), false);
    expect(society.culture.map((row) => row.name).slice(0, 5)).toEqual([
      CULTURE_TRAITS.firstName,
      CULTURE_TRAITS.lastName,
      CULTURE_TRAITS.id,
      CULTURE_TRAITS.born,
      CULTURE_TRAITS.world,
    ]);
    expect(trait(society.culture, CULTURE_TRAITS.parents)).toBeUndefined();
    const bred = societyOf(dnaOf('traits'), false, ['BF-AAAA-BBBB-CCCC', 'BF-DDDD-EEEE-FFFF']);
    expect(trait(bred.culture, CULTURE_TRAITS.parents)).toBe('BF-AAAA-BBBB-CCCC, BF-DDDD-EEEE-FFFF');
  });

  it('dates births within the world\'s era, as real calendar days', () => {
    for (let i = 0; i < 500; i++) {
      const society = societyOf(dnaOf(`born-${i}`), true);
      const born = String(trait(society.culture, CULTURE_TRAITS.born));
      expect(born).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${born}T00:00:00Z`).toISOString().slice(0, 10)).toBe(born);
      const year = Number(born.slice(0, 4));
      if (society.world === 'Botville') expect(year).toBeLessThanOrEqual(2024);
      else expect(year).toBeGreaterThanOrEqual(2180);
    }
  });

  it('leaves some nurture factors null, as records with nothing on file', () => {
    let nulls = 0;
    for (let i = 0; i < 200; i++) {
      const { nurture } = societyOf(dnaOf(`null-${i}`), true);
      expect(nurture.length).toBeGreaterThanOrEqual(6);
      for (const row of nurture) if (row.value === null) nulls++;
      expect(nurture.map((row) => row.name)).toEqual(expect.arrayContaining(['region', 'climate', 'diet', 'schooling', 'household']));
    }
    expect(nulls).toBeGreaterThan(50);
  });
});

describe('identityOf', () => {
  it('derives a readable unique ID and a seed the API accepts from the DNA alone', () => {
    const dna = dnaOf('identity');
    const identity = identityOf(dna);
    expect(identity).toEqual(identityOf(dna));
    expect(identity.id).toMatch(/^BF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(identity.seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
