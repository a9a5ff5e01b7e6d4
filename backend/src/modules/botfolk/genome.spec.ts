import { GENDER_GENE } from '@atelier/contracts';
import { prng } from '../../common/random/prng';
import { GENOME, geneCardinality, geneIndexOf, geneTraits, geneValues, randomGenes, type GeneSpec, type Genes } from './genome';

const SPECS = GENOME as readonly GeneSpec[];

describe('genome', () => {
  it('lists 16 to 20 genes with distinct keys and names, each with a meaning', () => {
    expect(SPECS.length).toBeGreaterThanOrEqual(16);
    expect(SPECS.length).toBeLessThanOrEqual(20);
    expect(new Set(SPECS.map((spec) => spec.key)).size).toBe(SPECS.length);
    expect(new Set(SPECS.map((spec) => spec.name)).size).toBe(SPECS.length);
    for (const spec of SPECS) expect(spec.meaning.length).toBeGreaterThan(10);
  });

  it('has the boolean gender gene under the name the page reads', () => {
    const gender = SPECS.find((spec) => spec.name === GENDER_GENE);
    expect(gender?.kind).toBe('bool');
    expect(geneValues(gender!)).toEqual([false, true]);
  });

  it('covers morphology and behaviour', () => {
    const keys = SPECS.map((spec) => spec.key);
    const morphology = ['faceShape', 'faceWidth', 'skinTone', 'eyeShape', 'eyeSize', 'eyeSpacing', 'eyeColour', 'brows', 'nose', 'mouth'];
    const more = ['ears', 'hairStyle', 'hairColour', 'facialHair', 'glasses'];
    const behaviour = ['temperament', 'curiosity'];
    expect(keys).toEqual(expect.arrayContaining([...morphology, ...more, ...behaviour]));
  });

  it('finds every value of every gene at its own index, and no value that is not one', () => {
    for (const spec of SPECS) {
      const values = geneValues(spec);
      expect(values).toHaveLength(geneCardinality(spec));
      values.forEach((value, index) => expect(geneIndexOf(spec, value)).toBe(index));
      for (const stranger of ['nope', -1, 1.5, 999, null as unknown as string]) expect(geneIndexOf(spec, stranger)).toBe(-1);
    }
    expect(geneIndexOf(SPECS[0], 'true')).toBe(-1);
  });

  it('draws newborns whose genes all hold values of their gene, the same for the same seed', () => {
    for (let i = 0; i < 500; i++) {
      const genes = randomGenes(prng(`genome-${i}`));
      for (const spec of SPECS) expect(geneIndexOf(spec, genes[spec.key as keyof Genes])).toBeGreaterThanOrEqual(0);
    }
    expect(randomGenes(prng('same'))).toEqual(randomGenes(prng('same')));
  });

  it('draws every value of every gene sooner or later, and plain faces more often than glasses', () => {
    const seen = new Map(SPECS.map((spec) => [spec.key, new Set<unknown>()]));
    let withoutGlasses = 0;
    const n = 4_000;
    for (let i = 0; i < n; i++) {
      const genes = randomGenes(prng(`spread-${i}`));
      for (const spec of SPECS) seen.get(spec.key)!.add(genes[spec.key as keyof Genes]);
      if (genes.glasses === 'none') withoutGlasses++;
    }
    for (const spec of SPECS) expect(seen.get(spec.key)!.size).toBe(geneCardinality(spec));
    // Birth weight 14 of 30 for no glasses, against 1 in 8 were all frames equally likely.
    expect(withoutGlasses / n).toBeGreaterThan(0.4);
    expect(withoutGlasses / n).toBeLessThan(0.53);
  });

  it('lists the genes as name/value rows in genome order', () => {
    const genes = randomGenes(prng('rows'));
    const rows = geneTraits(genes);
    expect(rows.map((row) => row.name)).toEqual(SPECS.map((spec) => spec.name));
    expect(rows.find((row) => row.name === GENDER_GENE)?.value).toBe(genes.gender);
  });
});
