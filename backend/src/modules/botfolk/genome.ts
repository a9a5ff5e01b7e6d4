// The Bot Folk genome: what an individual is born with. Every gene has a fixed set of values, and
// every one of them shows on the face (face.svg.ts), behaviour genes included (as expression,
// eye openness and the backdrop). Each gene's number of values is a power of two, so the DNA line
// packs them without waste and every line with a valid checksum names a genome.
import { GENDER_GENE, type BotFolkTrait } from '@atelier/contracts';
import type { Prng } from '../../common/random/prng';

interface GeneBase {
  /** The key in Genes. */
  key: string;
  /** As the Genes table shows it. */
  name: string;
  /** What it shapes at birth. */
  meaning: string;
}
interface BoolGene extends GeneBase {
  kind: 'bool';
}
interface IntGene extends GeneBase {
  kind: 'int';
  min: number;
  max: number;
}
interface EnumGene extends GeneBase {
  kind: 'enum';
  values: readonly string[];
  /** How often a new individual is born with each value (default: all equally); DNA and breeding ignore it. */
  weights?: readonly number[];
}
export type GeneSpec = BoolGene | IntGene | EnumGene;
export type GeneValue = boolean | number | string;

export const GENOME = [
  { key: 'gender', name: GENDER_GENE, kind: 'bool', meaning: 'Female when true: eyelashes, a softer jaw, fuller lip colour' },
  {
    key: 'faceShape',
    name: 'face shape',
    kind: 'enum',
    values: ['oval', 'round', 'square', 'heart', 'long', 'diamond', 'pear', 'oblong'],
    meaning: 'outline of the head: forehead, cheekbone and jaw widths',
  },
  { key: 'faceWidth', name: 'face width', kind: 'int', min: 0, max: 15, meaning: 'narrow (0) to broad (15) head' },
  {
    key: 'skinTone',
    name: 'skin tone',
    kind: 'int',
    min: 0,
    max: 15,
    meaning: 'pigment, from pale (0) through deep brown (11) to the synthetic tones of bot lineages (12-15)',
  },
  {
    key: 'eyeShape',
    name: 'eye shape',
    kind: 'enum',
    values: ['round', 'almond', 'narrow', 'wide', 'droopy', 'upturned', 'monolid', 'hooded'],
    meaning: 'outline and tilt of the eyes, and the lid line',
  },
  { key: 'eyeSize', name: 'eye size', kind: 'int', min: 0, max: 7, meaning: 'small (0) to large (7) eyes' },
  { key: 'eyeSpacing', name: 'eye spacing', kind: 'int', min: 0, max: 7, meaning: 'close-set (0) to wide-set (7) eyes' },
  {
    key: 'eyeColour',
    name: 'eye colour',
    kind: 'enum',
    values: ['brown', 'hazel', 'amber', 'green', 'blue', 'grey', 'violet', 'black'],
    meaning: 'colour of the iris',
  },
  {
    key: 'brows',
    name: 'brows',
    kind: 'enum',
    values: ['straight', 'arched', 'thick', 'thin', 'angled', 'bushy', 'rounded', 'unibrow'],
    meaning: 'shape and weight of the eyebrows',
  },
  {
    key: 'nose',
    name: 'nose',
    kind: 'enum',
    values: ['button', 'straight', 'roman', 'wide', 'pointed', 'snub', 'hooked', 'flat'],
    meaning: 'shape and size of the nose',
  },
  {
    key: 'mouth',
    name: 'mouth',
    kind: 'enum',
    values: ['full', 'thin', 'wide', 'small', 'bow', 'heart', 'straight', 'pouty'],
    meaning: 'width and lip thickness of the mouth',
  },
  {
    key: 'ears',
    name: 'ears',
    kind: 'enum',
    values: ['round', 'pointed', 'small', 'large', 'lobed', 'elfin', 'flat', 'antenna'],
    meaning: 'shape of the ears (antenna: the bolt-and-aerial ears of old Botville stock)',
  },
  {
    key: 'hairStyle',
    name: 'hair style',
    kind: 'enum',
    values: [
      'bald', 'buzz', 'short', 'side part', 'curly', 'afro', 'long', 'ponytail',
      'bun', 'mohawk', 'bob', 'braids', 'spiky', 'wavy', 'shaggy', 'pixie',
    ],
    meaning: 'how the hair grows and falls',
  },
  {
    key: 'hairColour',
    name: 'hair colour',
    kind: 'enum',
    values: [
      'black', 'dark brown', 'brown', 'auburn', 'red', 'ginger', 'blond', 'platinum',
      'grey', 'white', 'blue', 'green', 'pink', 'purple', 'teal', 'silver',
    ],
    meaning: 'colour of the hair, brows and facial hair',
  },
  {
    key: 'facialHair',
    name: 'facial hair',
    kind: 'enum',
    values: ['none', 'stubble', 'moustache', 'goatee', 'full beard', 'sideburns', 'handlebar', 'chin strap'],
    weights: [9, 2, 2, 2, 2, 1, 1, 1],
    meaning: 'beard and moustache growth (faint when the gender gene is true)',
  },
  {
    key: 'glasses',
    name: 'glasses',
    kind: 'enum',
    values: ['none', 'round', 'square', 'aviator', 'cat-eye', 'monocle', 'visor', 'half-rim'],
    weights: [14, 3, 3, 2, 2, 1, 2, 3],
    meaning: 'eyesight: the frames the individual is born needing (in Bot Folk, optics are inherited)',
  },
  { key: 'freckles', name: 'freckles', kind: 'int', min: 0, max: 7, meaning: 'none (0) to many (7) freckles on the cheeks' },
  {
    key: 'temperament',
    name: 'temperament',
    kind: 'enum',
    values: ['calm', 'cheerful', 'anxious', 'grumpy', 'bold', 'shy', 'playful', 'stern'],
    meaning: 'behaviour: resting expression (mouth curve, brow tilt, blush, gaze) and the colour worn',
  },
  {
    key: 'curiosity',
    name: 'curiosity',
    kind: 'int',
    min: 0,
    max: 7,
    meaning: 'behaviour: incurious (0) to restless (7); opens the eyes wider and fills the backdrop with sparks of attention',
  },
  {
    key: 'sociability',
    name: 'sociability',
    kind: 'int',
    min: 0,
    max: 7,
    meaning: 'behaviour: solitary (0) to gregarious (7); the warmth of the backdrop and the width of the smile',
  },
] as const satisfies readonly GeneSpec[];

type Spec = (typeof GENOME)[number];
export type GeneKey = Spec['key'];
type ValueOf<S> = S extends { kind: 'bool' } ? boolean : S extends { kind: 'enum'; values: readonly (infer V)[] } ? V : number;
export type Genes = { -readonly [S in Spec as S['key']]: ValueOf<S> };
export type GeneValueOf<K extends GeneKey> = Genes[K];

/** How many values the gene has. */
export function geneCardinality(spec: GeneSpec): number {
  if (spec.kind === 'bool') return 2;
  if (spec.kind === 'int') return spec.max - spec.min + 1;
  return spec.values.length;
}

/** The gene's value number `index` (0-based; the order DNA encodes). */
export function geneValueAt(spec: GeneSpec, index: number): GeneValue {
  if (spec.kind === 'bool') return index === 1;
  if (spec.kind === 'int') return spec.min + index;
  return spec.values[index];
}

const ENUM_INDEX = new Map<string, ReadonlyMap<string, number>>(
  GENOME.filter((spec): spec is Extract<Spec, { kind: 'enum' }> => spec.kind === 'enum').map((spec) => [
    spec.key,
    new Map(spec.values.map((value, index) => [value, index])),
  ]),
);

/** The position of `value` among the gene's values, or -1 when the gene has no such value. */
export function geneIndexOf(spec: GeneSpec, value: GeneValue): number {
  if (spec.kind === 'bool') return value === true ? 1 : value === false ? 0 : -1;
  if (spec.kind === 'int') {
    return typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= spec.max ? value - spec.min : -1;
  }
  return typeof value === 'string' ? (ENUM_INDEX.get(spec.key)?.get(value) ?? -1) : -1;
}

/** Every value the gene can take, in DNA order. */
export function geneValues(spec: GeneSpec): GeneValue[] {
  return Array.from({ length: geneCardinality(spec) }, (_, index) => geneValueAt(spec, index));
}

/** Bits one gene takes in the DNA: its cardinality is a power of two (checked below, at load). */
export function geneBits(spec: GeneSpec): number {
  return Math.log2(geneCardinality(spec));
}

for (const spec of GENOME as readonly GeneSpec[]) {
  if (!Number.isInteger(geneBits(spec))) throw new Error(`Bot Folk gene ${spec.key} must have a power-of-two number of values`);
}

type MutableGenes = Record<string, GeneValue>;

/** Per gene, the cumulative birth weights scaled to 1, or null when all values are equally likely. */
const BIRTH_ODDS = (GENOME as readonly GeneSpec[]).map((spec) => {
  if (spec.kind !== 'enum' || !spec.weights) return null;
  if (spec.weights.length !== spec.values.length) throw new Error(`Bot Folk gene ${spec.key} needs one weight per value`);
  const total = spec.weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return spec.weights.map((weight) => (running += weight) / total);
});

function birthIndex(random: Prng, g: number): number {
  const odds = BIRTH_ODDS[g];
  if (!odds) return random.below(geneCardinality(GENOME[g]));
  const draw = random.next();
  let index = 0;
  while (index < odds.length - 1 && draw >= odds[index]) index++;
  return index;
}

/** A newborn's genes: each drawn from its values, at the gene's birth weights if it has any. */
export function randomGenes(random: Prng): Genes {
  const genes: MutableGenes = {};
  for (let g = 0; g < GENOME.length; g++) genes[GENOME[g].key] = geneValueAt(GENOME[g], birthIndex(random, g));
  return genes as Genes;
}

/** Genes from their value numbers (in GENOME order), as DNA decodes them. */
export function genesFromIndexes(indexes: ArrayLike<number>): Genes {
  const genes: MutableGenes = {};
  for (let i = 0; i < GENOME.length; i++) genes[GENOME[i].key] = geneValueAt(GENOME[i], indexes[i]);
  return genes as Genes;
}

/** The Genes table: one row per gene, in GENOME order. */
export function geneTraits(genes: Genes): BotFolkTrait[] {
  return GENOME.map((spec) => ({ name: spec.name, value: genes[spec.key] }));
}
