// The DNA line: the genes as bases A, C, G, T (two bits each), then a checksum, so a mistyped or
// truncated permalink is refused instead of answering some other individual.
//
// Layout: each gene's value number in GENOME order, most significant bit first, packed two bits per
// base (A=0, C=1, G=2, T=3); zero bits pad to a whole base; then CHECKSUM_BASES bases of a checksum
// over the gene bases.
import { GENOME, geneBits, geneIndexOf, genesFromIndexes, type GeneSpec, type Genes } from './genome';

const BASES = 'ACGT';
const CHECKSUM_BASES = 8;
/** A prime below 4^8: the checksum catches every single changed base and every swap of neighbours. */
const CHECKSUM_MODULUS = 65_521;

const SPECS = GENOME as readonly GeneSpec[];
const BITS = SPECS.map(geneBits);
const GENE_BITS = BITS.reduce((sum, bits) => sum + bits, 0);
const GENE_BASES = Math.ceil(GENE_BITS / 2);
export const DNA_LENGTH = GENE_BASES + CHECKSUM_BASES;

/** Base code by character code; -1 for anything that is not an (upper-case) base. */
const CODE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASES.length; i++) CODE[BASES.charCodeAt(i)] = i;

/** Why a DNA line was refused; the message reads after the field's name ("dna must be ..."). */
export class DnaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DnaError';
  }
}

function checksum(codes: ArrayLike<number>, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum = (sum * 31 + codes[i] + 1) % CHECKSUM_MODULUS;
  return sum;
}

export function encodeDna(genes: Genes): string {
  const codes = new Uint8Array(DNA_LENGTH);
  let accumulator = 0;
  let pending = 0;
  let at = 0;
  for (let g = 0; g < SPECS.length; g++) {
    const spec = SPECS[g];
    const index = geneIndexOf(spec, genes[spec.key as keyof Genes]);
    if (index < 0) throw new Error(`Gene ${spec.key} has no value ${JSON.stringify(genes[spec.key as keyof Genes])}`);
    accumulator = (accumulator << BITS[g]) | index;
    pending += BITS[g];
    while (pending >= 2) {
      pending -= 2;
      codes[at++] = (accumulator >>> pending) & 3;
    }
    accumulator &= (1 << pending) - 1;
  }
  if (pending > 0) codes[at++] = (accumulator << (2 - pending)) & 3;
  let sum = checksum(codes, GENE_BASES);
  for (let i = DNA_LENGTH - 1; i >= GENE_BASES; i--, sum >>>= 2) codes[i] = sum & 3;
  let dna = '';
  for (let i = 0; i < DNA_LENGTH; i++) dna += BASES[codes[i]];
  return dna;
}

/** The genes of a DNA line, exactly as encodeDna wrote them; throws DnaError when the line is not one. */
export function decodeDna(dna: unknown): Genes {
  if (typeof dna !== 'string') throw new DnaError(`must be a line of ${DNA_LENGTH} bases (A, C, G, T)`);
  const codes = new Uint8Array(dna.length);
  for (let i = 0; i < dna.length; i++) {
    const char = dna.charCodeAt(i);
    const code = char < 128 ? CODE[char] : -1;
    if (code < 0) {
      throw new DnaError(`may only hold the bases A, C, G and T: ${JSON.stringify(dna[i])} at position ${i + 1} is not one`);
    }
    codes[i] = code;
  }
  if (dna.length !== DNA_LENGTH) throw new DnaError(`must be ${DNA_LENGTH} bases long, not ${dna.length}`);

  const expected = checksum(codes, GENE_BASES);
  let stored = 0;
  for (let i = GENE_BASES; i < DNA_LENGTH; i++) stored = (stored << 2) | codes[i];
  if (stored !== expected) throw new DnaError('does not match its checksum (a base was changed, lost or swapped)');

  const indexes = new Uint8Array(SPECS.length);
  let accumulator = 0;
  let available = 0;
  let at = 0;
  for (let g = 0; g < SPECS.length; g++) {
    while (available < BITS[g]) {
      accumulator = (accumulator << 2) | codes[at++];
      available += 2;
    }
    available -= BITS[g];
    indexes[g] = (accumulator >>> available) & ((1 << BITS[g]) - 1);
    accumulator &= (1 << available) - 1;
  }
  if (accumulator !== 0) throw new DnaError('has padding bits set after the last gene');
  return genesFromIndexes(indexes);
}
