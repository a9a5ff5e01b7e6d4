import { prng } from '../../common/random/prng';
import { DNA_LENGTH, DnaError, decodeDna, encodeDna } from './dna';
import { GENOME, geneValues, randomGenes, type GeneSpec, type Genes } from './genome';

const BASES = ['A', 'C', 'G', 'T'];
const genesOf = (seed: string) => randomGenes(prng(seed));
const refusal = (dna: unknown): string => {
  try {
    decodeDna(dna);
  } catch (error) {
    expect(error).toBeInstanceOf(DnaError);
    return (error as Error).message;
  }
  throw new Error(`${String(dna)} was accepted`);
};

describe('DNA', () => {
  it('decodes to exactly the genes it encodes, for thousands of individuals', () => {
    for (let i = 0; i < 5_000; i++) {
      const genes = genesOf(`dna-${i}`);
      const dna = encodeDna(genes);
      expect(dna).toMatch(new RegExp(`^[ACGT]{${DNA_LENGTH}}$`));
      expect(decodeDna(dna)).toEqual(genes);
    }
  });

  it('round-trips the first and the last value of every gene', () => {
    const pick = (which: 'first' | 'last') =>
      Object.fromEntries((GENOME as readonly GeneSpec[]).map((spec) => [spec.key, geneValues(spec).at(which === 'first' ? 0 : -1)])) as Genes;
    for (const genes of [pick('first'), pick('last')]) expect(decodeDna(encodeDna(genes))).toEqual(genes);
  });

  it('gives different individuals different lines', () => {
    const lines = new Set<string>();
    const genomes = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const genes = genesOf(`distinct-${i}`);
      genomes.add(JSON.stringify(genes));
      lines.add(encodeDna(genes));
    }
    expect(lines.size).toBe(genomes.size);
  });

  it('refuses characters other than the four bases, saying which and where', () => {
    const dna = encodeDna(genesOf('chars'));
    expect(refusal(`${dna.slice(0, 4)}x${dna.slice(5)}`)).toBe('may only hold the bases A, C, G and T: "x" at position 5 is not one');
    expect(refusal(dna.toLowerCase())).toMatch(/"[acgt]" at position 1/);
    expect(refusal(`${dna.slice(0, -1)}<`)).toMatch(/"<" at position 39/);
    expect(refusal(`${dna.slice(0, 10)}é${dna.slice(11)}`)).toMatch(/position 11/);
  });

  it('refuses a line of the wrong length', () => {
    const dna = encodeDna(genesOf('length'));
    expect(refusal(dna.slice(0, -1))).toBe(`must be ${DNA_LENGTH} bases long, not ${DNA_LENGTH - 1}`);
    expect(refusal(`${dna}A`)).toBe(`must be ${DNA_LENGTH} bases long, not ${DNA_LENGTH + 1}`);
    expect(refusal('')).toBe(`must be ${DNA_LENGTH} bases long, not 0`);
  });

  it('refuses what is not text', () => {
    for (const value of [undefined, null, 42, ['ACGT']]) expect(refusal(value)).toBe(`must be a line of ${DNA_LENGTH} bases (A, C, G, T)`);
  });

  it('refuses every line with one base changed (the checksum)', () => {
    const dna = encodeDna(genesOf('checksum'));
    for (let i = 0; i < dna.length; i++) {
      for (const base of BASES) {
        if (base === dna[i]) continue;
        expect(refusal(dna.slice(0, i) + base + dna.slice(i + 1))).toBe('does not match its checksum (a base was changed, lost or swapped)');
      }
    }
  });

  it('refuses every line with two different neighbouring bases swapped', () => {
    for (let n = 0; n < 20; n++) {
      const dna = encodeDna(genesOf(`swap-${n}`));
      for (let i = 0; i + 1 < dna.length; i++) {
        if (dna[i] === dna[i + 1]) continue;
        expect(refusal(dna.slice(0, i) + dna[i + 1] + dna[i] + dna.slice(i + 2))).toMatch(/checksum/);
      }
    }
  });
});
