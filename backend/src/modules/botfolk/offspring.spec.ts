import { prng } from '../../common/random/prng';
import { GENOME, geneIndexOf, geneValues, randomGenes, type GeneKey, type GeneSpec, type GeneValue, type Genes } from './genome';
import { MUTATION_RATE, breed } from './offspring';

const SPECS = GENOME as readonly GeneSpec[];
const value = (genes: Genes, key: string) => genes[key as GeneKey];

/** The value after `value` among the gene's values (wrapping round). */
function nextValue(spec: GeneSpec, current: unknown) {
  const values = geneValues(spec);
  return values[(values.indexOf(current as GeneValue) + 1) % values.length];
}

/** Two genomes that differ in every gene: each child gene shows which parent it came from. */
function opposites(seed: string): [Genes, Genes] {
  const a = randomGenes(prng(seed));
  const b = Object.fromEntries(SPECS.map((spec) => [spec.key, nextValue(spec, value(a, spec.key))])) as Genes;
  return [a, b];
}

/** Bounds of a binomial count at three standard deviations. */
function threeSigma(trials: number, p: number): [number, number] {
  const sigma = Math.sqrt(trials * p * (1 - p));
  return [trials * p - 3 * sigma, trials * p + 3 * sigma];
}

describe('breed', () => {
  it('takes each gene from one parent or the other, unless it mutated', () => {
    const [a, b] = opposites('parents');
    const random = prng('children');
    const strays: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const { genes, mutations } = breed(a, b, random);
      for (const spec of SPECS) {
        const gene = value(genes, spec.key);
        const fromParent = gene === value(a, spec.key) || gene === value(b, spec.key);
        const valid = geneIndexOf(spec, gene) >= 0;
        if (!valid || (!fromParent && !mutations.includes(spec.key as GeneKey))) strays.push(`${spec.key}=${String(gene)}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('takes about half the genes from each parent', () => {
    const [a, b] = opposites('halves');
    const random = prng('halves-children');
    let fromA = 0;
    let inherited = 0;
    for (let i = 0; i < 2_000; i++) {
      const { genes, mutations } = breed(a, b, random);
      for (const spec of SPECS) {
        if (mutations.includes(spec.key as GeneKey)) continue;
        inherited++;
        if (value(genes, spec.key) === value(a, spec.key)) fromA++;
      }
    }
    const [low, high] = threeSigma(inherited, 0.5);
    expect(fromA).toBeGreaterThan(low);
    expect(fromA).toBeLessThan(high);
  });

  it(`mutates genes at the configured rate (${MUTATION_RATE * 100}% per gene), each mutation a real change`, () => {
    // Twins for parents: every gene that differs from theirs is a mutation.
    const parent = randomGenes(prng('twin'));
    const random = prng('mutants');
    const children = 20_000;
    let changed = 0;
    let misreported = 0;
    for (let i = 0; i < children; i++) {
      const { genes, mutations } = breed(parent, parent, random);
      for (const spec of SPECS) {
        const differs = value(genes, spec.key) !== value(parent, spec.key);
        if (differs) changed++;
        if (differs !== mutations.includes(spec.key as GeneKey)) misreported++;
      }
    }
    expect(misreported).toBe(0);
    const [low, high] = threeSigma(children * SPECS.length, MUTATION_RATE);
    expect(changed).toBeGreaterThan(low);
    expect(changed).toBeLessThan(high);
  });

  it('is reproducible from the random stream it is given', () => {
    const [a, b] = opposites('repeat');
    expect(breed(a, b, prng('same'))).toEqual(breed(a, b, prng('same')));
  });
});
