import { CULTURE_TRAITS, GENDER_GENE, type BotFolkIndividual } from '@atelier/contracts';
import { prng } from '../../common/random/prng';
import { DnaError, decodeDna, encodeDna } from './dna';
import { renderFace } from './face.svg';
import { geneTraits, randomGenes } from './genome';
import { faceFromSeed, individualFromDna, individualFromSeed, offspringOf, randomSeed } from './individual';
import { identityOf } from './society';

const cultureValue = (individual: BotFolkIndividual, name: string) => individual.culture.find((row) => row.name === name)?.value;
const svgOf = (individual: BotFolkIndividual) => Buffer.from(individual.svgimage.replace('data:image/svg+xml;base64,', ''), 'base64').toString();

describe('individualFromSeed', () => {
  it('reproduces the whole individual from its seed', () => {
    expect(individualFromSeed('ada-lovelace')).toEqual(individualFromSeed('ada-lovelace'));
    expect(individualFromSeed('ada-lovelace').dna).not.toBe(individualFromSeed('ada-lovelacf').dna);
  });

  it('answers the genes of its DNA, the face of its genes, and its seed', () => {
    const individual = individualFromSeed('grace');
    const genes = decodeDna(individual.dna);
    expect(genes).toEqual(randomGenes(prng('grace')));
    expect(individual.genes).toEqual(geneTraits(genes));
    expect(svgOf(individual)).toBe(renderFace(genes));
    expect(individual.seed).toBe('grace');
    expect(typeof individual.genes.find((row) => row.name === GENDER_GENE)?.value).toBe('boolean');
  });
});

describe('individualFromDna', () => {
  it('is the same individual the seed drew, so a DNA permalink shows the same person', () => {
    for (let i = 0; i < 100; i++) {
      const drawn = individualFromSeed(`permalink-${i}`);
      const fromDna = individualFromDna(drawn.dna);
      expect({ ...fromDna, seed: drawn.seed }).toEqual(drawn);
      // Its seed is the one nurture and culture came from: the DNA, not that seed, names the genes.
      expect(fromDna.seed).toBe(identityOf(drawn.dna).seed);
    }
  });

  it('refuses a line that is not DNA', () => {
    expect(() => individualFromDna('ACGT')).toThrow(DnaError);
  });
});

describe('offspringOf', () => {
  const mother = individualFromSeed('mother');
  const father = individualFromSeed('father');

  it("records both parents' unique IDs in the child's culture", () => {
    const child = offspringOf(mother.dna, father.dna, prng('child'));
    expect(cultureValue(child, CULTURE_TRAITS.parents)).toBe(`${cultureValue(mother, CULTURE_TRAITS.id)}, ${cultureValue(father, CULTURE_TRAITS.id)}`);
    expect(child.dna).toBe(encodeDna(decodeDna(child.dna)));
    expect(svgOf(child)).toBe(renderFace(decodeDna(child.dna)));
  });

  it('is reproducible from its random stream, and a new child by default', () => {
    expect(offspringOf(mother.dna, father.dna, prng('twins'))).toEqual(offspringOf(mother.dna, father.dna, prng('twins')));
    const siblings = new Set(Array.from({ length: 10 }, () => offspringOf(mother.dna, father.dna).dna));
    expect(siblings.size).toBeGreaterThan(1);
  });

  it('refuses a parent that is not DNA', () => {
    expect(() => offspringOf(mother.dna, 'nope')).toThrow(DnaError);
  });
});

describe('faceFromSeed', () => {
  it("is the face of the seed's individual", () => {
    expect(faceFromSeed('mira@example.com')).toBe(svgOf(individualFromSeed('mira@example.com')));
    expect(faceFromSeed('mira@example.com')).not.toBe(faceFromSeed('tobias@example.com'));
  });
});

describe('randomSeed', () => {
  it('draws seeds the API accepts, a new one each time', () => {
    const seeds = new Set(Array.from({ length: 100 }, randomSeed));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(seed).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
