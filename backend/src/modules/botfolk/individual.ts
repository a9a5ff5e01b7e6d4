// A whole Bot Folk individual, as GET /api/pyface answers it. Pure functions: the service wraps
// them for Nest, and the bench calls them directly.
import { randomBytes } from 'node:crypto';
import type { BotFolkIndividual } from '@atelier/contracts';
import { prng } from '../../common/random/prng';
import { decodeDna, encodeDna } from './dna';
import { faceDataUrl, renderFace } from './face.svg';
import { geneTraits, randomGenes, type Genes } from './genome';
import { breed } from './offspring';
import { identityOf, societyOf } from './society';

/** A fresh seed: 72 random bits, in the characters `?seed=` accepts. */
export function randomSeed(): string {
  return randomBytes(9).toString('base64url');
}

function assemble(genes: Genes, dna: string, seed: string | null, parents?: readonly [string, string]): BotFolkIndividual {
  const society = societyOf(dna, genes.gender, parents);
  return {
    svgimage: faceDataUrl(renderFace(genes)),
    genes: geneTraits(genes),
    nurture: society.nurture,
    culture: society.culture,
    dna,
    seed: seed ?? society.seed,
  };
}

/**
 * Just the face of the individual a seed draws, with some genes fixed (the demo members' pictures:
 * their gender gene matches the member).
 */
export function faceFromSeed(seed: string, fixed: Partial<Genes> = {}): string {
  return renderFace({ ...randomGenes(prng(seed)), ...fixed });
}

/** The individual a seed draws: its genes from the seed, the rest from its DNA. */
export function individualFromSeed(seed: string): BotFolkIndividual {
  const genes = randomGenes(prng(seed));
  return assemble(genes, encodeDna(genes), seed);
}

/**
 * The individual of a DNA line (throws DnaError when it is not one). Its `seed` is the one its
 * nurture and culture were drawn from; the DNA, not that seed, reproduces the genes.
 */
export function individualFromDna(dna: string): BotFolkIndividual {
  return assemble(decodeDna(dna), dna, null);
}

/**
 * A child of two DNA lines (throws DnaError when either is not one), bred with `random`: a new
 * child each call by default. Its culture names both parents' unique IDs.
 */
export function offspringOf(parentA: string, parentB: string, random = prng(randomSeed())): BotFolkIndividual {
  const { genes } = breed(decodeDna(parentA), decodeDna(parentB), random);
  return assemble(genes, encodeDna(genes), null, [identityOf(parentA).id, identityOf(parentB).id]);
}
