// Nurture (the environment an individual grows up in) and culture (what society assigns: name, ID,
// birth date, world). Both are drawn from a seed derived from the DNA line, so the DNA alone
// reproduces the whole individual: a `?dna=` permalink shows the same name as the page did.
import { BOTFOLK_WORLDS, CULTURE_TRAITS, type BotFolkTrait, type BotFolkWorld } from '@atelier/contracts';
import { hash64, prng, type Prng } from '../../common/random/prng';

const words = (text: string): string[] => text.split(' ');

/** Every combination of a stem and an ending: 16 x 4 = 64 names per list, from a few lines. */
const compose = (stems: readonly string[], endings: readonly string[]): readonly string[] =>
  stems.flatMap((stem) => endings.map((ending) => stem + ending));

/** First names by world, then [male, female] (the gender gene is true for Female). */
export const FIRST_NAMES: Record<BotFolkWorld, readonly [male: readonly string[], female: readonly string[]]> = {
  Botville: [
    compose(words('Al Bert Cas Dor Ed Fen Gid Hal Ign Jor Kel Leon Mil Ned Osk Rol'), ['o', 'an', 'us', 'er']),
    compose(words('Ad Bel Cor Dal El Fel Gil Hel Ir Jol Kar Lil Mar Nor Ros Sel'), ['a', 'ina', 'ette', 'ie']),
  ],
  Ultraspace: [
    compose(words('Ax Brel Cyr Dax Ev Hak Jax Kor Lux Mor Nyl Orr Ryn Tor Vas Zan'), ['on', 'ar', 'en', 'ius']),
    compose(words('Ael Cass Ezr Ior Kael Lyr Nyx Orl Quin Syl Tal Vex Xan Yr Zel Ast'), ['a', 'ia', 'ara', 'ine']),
  ],
};

/** Last names by world: 20 x 8 = 160 each. */
export const LAST_NAMES: Record<BotFolkWorld, readonly string[]> = {
  Botville: compose(
    words('Bolt Cog Gear Wire Spark Pixel Copper Tin Rivet Socket Circuit Piston Dynamo Sprocket Valve Gauge Lever Crank Solder Servo'),
    ['', 'son', 'worth', 'ley', 'man', 'field', 'er', 'ford'],
  ),
  Ultraspace: compose(
    words('Star Nebula Quasar Orbit Comet Astra Lumen Photon Zenith Vector Nova Pulsar Cosmo Ion Helio Void Aurora Axion Plasma Tachyon'),
    ['', 'vale', 'wright', 'born', 'ski', 'stone', 'hart', 'sky'],
  ),
};

const REGIONS: Record<BotFolkWorld, readonly string[]> = {
  Botville: ['Cogwheel Hills', 'Rivet Bay', 'Old Foundry', 'Solder Flats', 'Circuit Downs', 'Copper Coast', 'Gearmouth', 'Lantern Row'],
  Ultraspace: ['Orion Ring', 'Kepler Station', 'Lagrange Habitat', 'Titan Dome', 'Ceres Yard', 'Europa Deep', 'Vesta Spire', 'Halo Array'],
};
const CLIMATES: Record<BotFolkWorld, readonly string[]> = {
  Botville: ['temperate', 'rainy', 'arid', 'alpine', 'coastal', 'tropical'],
  Ultraspace: ['zero-g', 'low-g', 'artificial summer', 'recycled air', 'cryogenic', 'greenhouse'],
};
const LANGUAGES: Record<BotFolkWorld, readonly string[]> = {
  Botville: ['Botspeak', 'Common', 'Binary Creole', 'Old Ferric'],
  Ultraspace: ['Orbital Standard', 'Stellar Sign', 'Common', 'Lumen Chant'],
};
const DIETS = ['omnivore', 'vegetarian', 'vegan', 'pescatarian', 'solar-charged', 'algae protein', 'street food', 'home cooking'];
const SCHOOLING = ['home', 'village school', 'academy', 'apprenticeship', 'boarding school', 'self-taught'];
const HOUSEHOLDS = ['single parent', 'two parents', 'extended family', 'commune', 'foster home', 'crew pod'];
const PETS = ['robot dog', 'cat', 'space hamster', 'drone', 'parrot', 'goldfish'];
const MENTORS = ['an engineer', 'a poet', 'a pilot', 'a gardener', 'a physician', 'a musician', 'a librarian'];
const GUILDS = ['Tinkers', 'Weavers', 'Lamplighters', 'Cartographers', 'Gardeners', 'Archivists', 'Couriers', 'Musicians'];

const DAY_MS = 86_400_000;
/** Birth dates: Botville's people were born in living memory, Ultraspace's in the colonies' centuries. */
const BIRTH_YEARS: Record<BotFolkWorld, readonly [first: number, last: number]> = {
  Botville: [1950, 2024],
  Ultraspace: [2180, 2299],
};
const BIRTH_RANGE = Object.fromEntries(
  BOTFOLK_WORLDS.map((world) => {
    const [first, last] = BIRTH_YEARS[world];
    const start = Date.UTC(first, 0, 1);
    return [world, { start, days: (Date.UTC(last + 1, 0, 1) - start) / DAY_MS }];
  }),
) as Record<BotFolkWorld, { start: number; days: number }>;

/** Crockford's base 32: no I, L, O or U, so an ID read aloud or copied by hand stays unambiguous. */
const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(word: number, digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++, word = Math.floor(word / 32)) out = ID_ALPHABET[word % 32] + out;
  return out;
}

/** What a DNA line names besides its genes: the unique ID, and the seed its nurture and culture come from. */
export function identityOf(dna: string): { id: string; seed: string } {
  const [high, low] = hash64(dna);
  const chars = base32(high >>> 2, 6) + base32(low >>> 2, 6); // 60 bits
  return {
    id: `BF-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`,
    seed: `dna-${chars.toLowerCase()}`,
  };
}

const orNull = <T>(random: Prng, probability: number, value: () => T): T | null => (random.chance(probability) ? null : value());

export interface Society {
  /** The seed nurture and culture were drawn from. */
  seed: string;
  id: string;
  world: BotFolkWorld;
  firstName: string;
  lastName: string;
  nurture: BotFolkTrait[];
  culture: BotFolkTrait[];
}

/**
 * Where and to whom the individual of `dna` is born. `female` is the gender gene; `parents`, the
 * unique IDs of the parents when the individual was bred.
 */
export function societyOf(dna: string, female: boolean, parents?: readonly [string, string]): Society {
  const { id, seed } = identityOf(dna);
  const random = prng(seed);
  const world = random.pick(BOTFOLK_WORLDS);
  const firstName = random.pick(FIRST_NAMES[world][female ? 1 : 0]);
  const lastName = random.pick(LAST_NAMES[world]);
  const births = BIRTH_RANGE[world];
  const born = new Date(births.start + random.below(births.days) * DAY_MS).toISOString().slice(0, 10);

  const nurture: BotFolkTrait[] = [
    { name: 'region', value: random.pick(REGIONS[world]) },
    { name: 'climate', value: random.pick(CLIMATES[world]) },
    { name: 'diet', value: random.pick(DIETS) },
    // Null where the records say nothing: no school on file, no pet, no mentor.
    { name: 'schooling', value: orNull(random, 0.08, () => random.pick(SCHOOLING)) },
    { name: 'household', value: random.pick(HOUSEHOLDS) },
    { name: 'siblings', value: random.below(6) },
    { name: 'childhood stress (0-10)', value: random.below(11) },
    { name: 'hours outdoors a day', value: random.below(9) },
    { name: 'pet', value: orNull(random, 0.4, () => random.pick(PETS)) },
    { name: 'mentor', value: orNull(random, 0.5, () => random.pick(MENTORS)) },
  ];
  const culture: BotFolkTrait[] = [
    { name: CULTURE_TRAITS.firstName, value: firstName },
    { name: CULTURE_TRAITS.lastName, value: lastName },
    { name: CULTURE_TRAITS.id, value: id },
    { name: CULTURE_TRAITS.born, value: born },
    { name: CULTURE_TRAITS.world, value: world },
    { name: 'language', value: random.pick(LANGUAGES[world]) },
    { name: 'guild', value: random.pick(GUILDS) },
  ];
  if (parents) culture.push({ name: CULTURE_TRAITS.parents, value: parents.join(', ') });
  return { seed, id, world, firstName, lastName, nurture, culture };
}
