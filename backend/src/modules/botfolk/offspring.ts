// Breeding: uniform crossover (each gene from either parent, evenly) with a small mutation rate.
import type { Prng } from '../../common/random/prng';
import { GENOME, geneCardinality, geneIndexOf, geneValueAt, type GeneKey, type GeneSpec, type GeneValue, type Genes } from './genome';

/** Chance, per gene, that the child's copy mutates to another value of the gene. */
export const MUTATION_RATE = 0.02;

export interface Offspring {
  genes: Genes;
  /** The genes that mutated: each holds a value other than the one inherited. */
  mutations: GeneKey[];
}

export function breed(parentA: Genes, parentB: Genes, random: Prng): Offspring {
  const genes: Record<string, GeneValue> = {};
  const mutations: GeneKey[] = [];
  for (const spec of GENOME as readonly GeneSpec[]) {
    const key = spec.key as GeneKey;
    const inherited = random.chance(0.5) ? parentA[key] : parentB[key];
    if (random.chance(MUTATION_RATE)) {
      // Any value but the inherited one, evenly: a mutation always changes something.
      const cardinality = geneCardinality(spec);
      const shift = 1 + random.below(cardinality - 1);
      genes[key] = geneValueAt(spec, (geneIndexOf(spec, inherited) + shift) % cardinality);
      mutations.push(key);
    } else {
      genes[key] = inherited;
    }
  }
  return { genes: genes as Genes, mutations };
}
