// Reads a prompt's words for the procedural renderer: which colours, moods and subjects it names.
// Case-insensitive, plurals folded ("waves" -> "wave", "cities" -> "city"), synonyms mapped to one
// name each. Only the names found leave this module: the prompt's own text never reaches the SVG.

export type Rgb = readonly [number, number, number];

export const SUBJECTS = [
  'sea',
  'forest',
  'city',
  'space',
  'sunset',
  'mountain',
  'desert',
  'portrait',
  'flowers',
  'rain',
  'snow',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const MOODS = ['calm', 'dark', 'joyful', 'eerie', 'warm', 'cold', 'dreamy'] as const;
export type Mood = (typeof MOODS)[number];

/** Named colours, as RGB. */
export const COLOURS = {
  red: [208, 40, 44],
  orange: [240, 128, 40],
  yellow: [246, 214, 60],
  golden: [228, 176, 58],
  green: [58, 150, 72],
  teal: [32, 140, 140],
  blue: [44, 96, 204],
  navy: [20, 32, 92],
  purple: [128, 56, 168],
  pink: [236, 120, 176],
  brown: [120, 78, 44],
  black: [14, 14, 18],
  white: [244, 244, 248],
  grey: [128, 128, 136],
  silver: [190, 198, 210],
} as const satisfies Record<string, Rgb>;
export type ColourName = keyof typeof COLOURS;

const SUBJECT_WORDS: Record<Subject, readonly string[]> = {
  sea: ['sea', 'ocean', 'wave', 'beach', 'shore', 'coast', 'water', 'lake', 'bay', 'tide', 'seascape', 'harbor', 'harbour'],
  forest: ['forest', 'tree', 'wood', 'woodland', 'jungle', 'pine', 'grove', 'oak', 'birch', 'rainforest'],
  city: ['city', 'town', 'skyline', 'building', 'street', 'tower', 'skyscraper', 'metropolis', 'urban', 'downtown'],
  space: ['space', 'star', 'starry', 'planet', 'galaxy', 'cosmos', 'cosmic', 'moon', 'nebula', 'universe', 'orbit', 'astronaut'],
  sunset: ['sunset', 'sunrise', 'dusk', 'dawn', 'twilight', 'sundown', 'sun'],
  mountain: ['mountain', 'peak', 'hill', 'alp', 'alpine', 'cliff', 'summit', 'ridge', 'volcano', 'valley'],
  desert: ['desert', 'dune', 'sand', 'sandy', 'sahara', 'oasis', 'cactus', 'canyon'],
  portrait: ['portrait', 'face', 'person', 'woman', 'man', 'girl', 'boy', 'head', 'people', 'figure', 'selfie', 'lady', 'child'],
  flowers: ['flower', 'bloom', 'blossom', 'rose', 'tulip', 'garden', 'petal', 'daisy', 'meadow', 'lily', 'orchid', 'bouquet', 'floral'],
  rain: ['rain', 'rainy', 'storm', 'stormy', 'thunder', 'thunderstorm', 'lightning', 'drizzle', 'downpour', 'cloudy', 'monsoon'],
  snow: ['snow', 'snowy', 'winter', 'snowflake', 'blizzard', 'frost', 'frosty', 'ice', 'icy', 'glacier', 'frozen'],
};

const MOOD_WORDS: Record<Mood, readonly string[]> = {
  calm: ['calm', 'peaceful', 'serene', 'tranquil', 'quiet', 'gentle', 'still', 'soft', 'relaxing', 'placid'],
  dark: ['dark', 'gloomy', 'grim', 'night', 'midnight', 'shadow', 'shadowy', 'sinister', 'nightmare', 'horror', 'dread', 'bleak'],
  joyful: ['joyful', 'happy', 'cheerful', 'bright', 'sunny', 'playful', 'vibrant', 'joy', 'festive', 'lively', 'glad'],
  eerie: ['eerie', 'creepy', 'strange', 'surreal', 'weird', 'uncanny', 'haunted', 'ghost', 'ghostly', 'bizarre', 'alien', 'otherworldly'],
  warm: ['warm', 'cozy', 'cosy', 'glowing', 'hot', 'summer', 'autumn', 'fire', 'ember'],
  cold: ['cold', 'chilly', 'cool', 'freezing', 'arctic', 'wintry'],
  dreamy: ['dreamy', 'airy', 'light', 'ethereal', 'pastel', 'misty', 'hazy', 'floating', 'cloud', 'daydream', 'whimsical'],
};

const COLOUR_WORDS: Record<ColourName, readonly string[]> = {
  red: ['red', 'crimson', 'scarlet', 'ruby', 'cherry', 'blood'],
  orange: ['orange', 'tangerine', 'amber', 'copper', 'rust'],
  yellow: ['yellow', 'lemon', 'canary'],
  golden: ['gold', 'golden', 'gilded'],
  green: ['green', 'emerald', 'jade', 'lime', 'olive', 'verdant', 'mint'],
  teal: ['teal', 'turquoise', 'cyan', 'aqua', 'aquamarine'],
  blue: ['blue', 'azure', 'cobalt', 'sapphire', 'cerulean', 'sky'],
  navy: ['navy', 'indigo', 'ultramarine'],
  purple: ['purple', 'violet', 'lavender', 'lilac', 'magenta', 'plum', 'mauve'],
  pink: ['pink', 'rosy', 'fuchsia', 'coral', 'salmon', 'peach'],
  brown: ['brown', 'chocolate', 'bronze', 'tan', 'sepia', 'earthy'],
  black: ['black', 'ebony', 'onyx', 'jet', 'inky'],
  white: ['white', 'ivory', 'pearl', 'snowwhite', 'milky'],
  grey: ['grey', 'gray', 'ashen', 'slate', 'charcoal'],
  silver: ['silver', 'silvery', 'platinum', 'chrome'],
};

function invert<K extends string>(table: Record<K, readonly string[]>): Map<string, K> {
  const index = new Map<string, K>();
  for (const [name, words] of Object.entries(table) as [K, readonly string[]][]) {
    for (const word of words) index.set(word, name);
  }
  return index;
}

const SUBJECT_INDEX = invert(SUBJECT_WORDS);
const MOOD_INDEX = invert(MOOD_WORDS);
const COLOUR_INDEX = invert(COLOUR_WORDS);

/** Candidate base forms of a word, itself first: "cities" -> city, "waves" -> wave, "glasses" -> glass. */
function forms(word: string): string[] {
  const candidates = [word];
  if (word.length > 4 && word.endsWith('ies')) candidates.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('es')) candidates.push(word.slice(0, -2));
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss')) candidates.push(word.slice(0, -1));
  return candidates;
}

function lookup<K>(index: Map<string, K>, word: string): K | undefined {
  for (const form of forms(word)) {
    const found = index.get(form);
    if (found !== undefined) return found;
  }
  return undefined;
}

export interface PromptReading {
  /** The prompt's words, lower case, in order. */
  words: string[];
  /** Named colours, first mention first, each once. */
  colours: ColourName[];
  moods: Mood[];
  subjects: Subject[];
}

/** The colours, moods and subjects a prompt names (each once, in the order first named). */
export function readPrompt(prompt: string): PromptReading {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const colours = new Set<ColourName>();
  const moods = new Set<Mood>();
  const subjects = new Set<Subject>();
  for (const word of words) {
    const subject = lookup(SUBJECT_INDEX, word);
    if (subject) subjects.add(subject);
    const mood = lookup(MOOD_INDEX, word);
    if (mood) moods.add(mood);
    const colour = lookup(COLOUR_INDEX, word);
    if (colour) colours.add(colour);
  }
  return { words, colours: [...colours], moods: [...moods], subjects: [...subjects] };
}
