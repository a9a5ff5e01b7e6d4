// Reads a prompt's words for the procedural renderer: which colours, moods, styles and subjects it
// names. Case-insensitive, plurals folded ("waves" -> "wave", "cities" -> "city"), synonyms mapped to
// one name each. Only the names found leave this module: the prompt's own text never reaches the SVG.

export type Rgb = readonly [number, number, number];

/** Places and weather: they choose the backdrop. */
export const SETTINGS = [
  'sea',
  'lake',
  'river',
  'waterfall',
  'island',
  'forest',
  'mountain',
  'desert',
  'snow',
  'flowers',
  'city',
  'street',
  'space',
  'sunset',
  'rain',
] as const;
export type Setting = (typeof SETTINGS)[number];

/** Things drawn as figures in front of the backdrop, each by its own drawer. */
export const ELEMENTS = [
  'cat',
  'dog',
  'bird',
  'fish',
  'dragon',
  'fox',
  'owl',
  'robot',
  'car',
  'rocket',
  'train',
  'boat',
  'airplane',
  'person',
  'tree',
  'house',
  'book',
  'cup',
  'clock',
  'lantern',
  'crystal',
  'castle',
  'bridge',
  'lighthouse',
  'neon',
] as const;
export type Element = (typeof ELEMENTS)[number];

export const SUBJECTS = [...SETTINGS, ...ELEMENTS] as const;
export type Subject = Setting | Element;

export const STYLES = ['watercolor', 'pixel', 'geometric', 'minimal', 'synthwave', 'vaporwave', 'cyberpunk'] as const;
export type Style = (typeof STYLES)[number];

export const MOODS = ['calm', 'dark', 'joyful', 'eerie', 'warm', 'cold', 'dreamy'] as const;
export type Mood = (typeof MOODS)[number];

/** Everything the renderer claims to understand, by its one name each. */
export const VOCABULARY: readonly (Subject | Style | Mood)[] = [...SUBJECTS, ...STYLES, ...MOODS];

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
  sea: ['sea', 'ocean', 'wave', 'beach', 'shore', 'coast', 'water', 'bay', 'tide', 'seascape', 'harbor', 'harbour'],
  lake: ['lake', 'pond', 'lagoon', 'loch', 'reflection'],
  river: ['river', 'stream', 'creek', 'brook', 'canal'],
  waterfall: ['waterfall', 'cascade', 'falls'],
  island: ['island', 'isle', 'atoll', 'archipelago'],
  // A lone "tree" is a figure; "trees" are a forest (the word itself is looked up before its plural).
  forest: ['forest', 'trees', 'wood', 'woodland', 'jungle', 'grove', 'rainforest', 'pines'],
  mountain: ['mountain', 'peak', 'hill', 'alp', 'alpine', 'cliff', 'summit', 'ridge', 'volcano', 'valley'],
  desert: ['desert', 'dune', 'sand', 'sandy', 'sahara', 'oasis', 'cactus', 'canyon'],
  snow: ['snow', 'snowy', 'winter', 'snowflake', 'blizzard', 'frost', 'frosty', 'ice', 'icy', 'glacier', 'frozen'],
  flowers: ['flower', 'bloom', 'blossom', 'rose', 'tulip', 'garden', 'petal', 'daisy', 'meadow', 'lily', 'orchid', 'bouquet', 'floral', 'field'],
  city: ['city', 'town', 'skyline', 'building', 'tower', 'skyscraper', 'metropolis', 'urban', 'downtown'],
  street: ['street', 'road', 'alley', 'avenue', 'boulevard', 'lane'],
  space: ['space', 'star', 'starry', 'planet', 'galaxy', 'cosmos', 'cosmic', 'moon', 'nebula', 'universe', 'orbit', 'astronaut'],
  sunset: ['sunset', 'sunrise', 'dusk', 'dawn', 'twilight', 'sundown', 'sun'],
  rain: ['rain', 'rainy', 'storm', 'stormy', 'thunder', 'thunderstorm', 'lightning', 'drizzle', 'downpour', 'cloudy', 'monsoon'],
  cat: ['cat', 'kitten', 'kitty', 'feline'],
  dog: ['dog', 'puppy', 'pup', 'hound', 'doggy'],
  bird: ['bird', 'sparrow', 'robin', 'crow', 'raven', 'seagull', 'gull', 'swallow', 'songbird'],
  fish: ['fish', 'goldfish', 'koi', 'carp', 'salmon', 'trout'],
  dragon: ['dragon', 'wyvern', 'drake'],
  fox: ['fox', 'vixen'],
  owl: ['owl', 'owlet'],
  robot: ['robot', 'android', 'droid', 'mech', 'automaton', 'cyborg', 'bot'],
  car: ['car', 'automobile', 'taxi', 'truck', 'van', 'jeep'],
  rocket: ['rocket', 'spaceship', 'spacecraft', 'starship', 'ufo', 'shuttle'],
  train: ['train', 'locomotive', 'railway', 'railroad', 'tram'],
  boat: ['boat', 'ship', 'sailboat', 'yacht', 'sail', 'ferry', 'canoe', 'galleon', 'vessel'],
  airplane: ['airplane', 'aeroplane', 'plane', 'jet', 'aircraft', 'airliner', 'biplane'],
  person: ['portrait', 'face', 'person', 'woman', 'man', 'girl', 'boy', 'people', 'figure', 'selfie', 'lady', 'child', 'kid', 'human', 'men', 'women', 'wizard', 'knight', 'witch'],
  tree: ['tree', 'oak', 'birch', 'pine', 'willow', 'bonsai'],
  house: ['house', 'cabin', 'cottage', 'hut', 'home', 'barn', 'village', 'farmhouse'],
  book: ['book', 'novel', 'library', 'tome', 'diary'],
  cup: ['cup', 'mug', 'coffee', 'tea', 'teacup', 'latte'],
  clock: ['clock', 'hourglass', 'clocktower'],
  lantern: ['lantern', 'lamp', 'candle', 'torch', 'lamplight'],
  crystal: ['crystal', 'gem', 'gemstone', 'diamond', 'jewel', 'quartz', 'amethyst'],
  castle: ['castle', 'palace', 'fortress', 'citadel', 'kingdom'],
  bridge: ['bridge', 'viaduct'],
  lighthouse: ['lighthouse', 'beacon'],
  neon: ['neon', 'sign', 'signage', 'billboard'],
};

const STYLE_WORDS: Record<Style, readonly string[]> = {
  watercolor: ['watercolor', 'watercolour', 'aquarelle', 'painted', 'painting', 'gouache'],
  pixel: ['pixel', 'pixelated', 'bit', 'retro', 'arcade', 'sprite', 'pixelart'],
  geometric: ['geometric', 'polygon', 'polygonal', 'lowpoly', 'triangle', 'cubist', 'cubism', 'abstract', 'mosaic'],
  minimal: ['minimal', 'minimalist', 'minimalism', 'simple', 'flat', 'clean'],
  synthwave: ['synthwave', 'outrun', 'retrowave', 'eighties'],
  vaporwave: ['vaporwave', 'aesthetic', 'nineties'],
  cyberpunk: ['cyberpunk', 'futuristic', 'dystopian', 'dystopia', 'scifi', 'blade'],
};

const MOOD_WORDS: Record<Mood, readonly string[]> = {
  calm: ['calm', 'peaceful', 'serene', 'tranquil', 'quiet', 'gentle', 'still', 'soft', 'relaxing', 'placid'],
  dark: ['dark', 'gloomy', 'grim', 'night', 'midnight', 'shadow', 'shadowy', 'sinister', 'nightmare', 'horror', 'dread', 'bleak'],
  joyful: ['joyful', 'happy', 'cheerful', 'bright', 'sunny', 'playful', 'vibrant', 'joy', 'festive', 'lively', 'glad', 'smiling'],
  eerie: ['eerie', 'creepy', 'strange', 'surreal', 'weird', 'uncanny', 'haunted', 'ghost', 'ghostly', 'bizarre', 'alien', 'otherworldly', 'fog', 'foggy'],
  warm: ['warm', 'cozy', 'cosy', 'glowing', 'hot', 'summer', 'autumn', 'fire', 'ember'],
  cold: ['cold', 'chilly', 'cool', 'freezing', 'arctic', 'wintry'],
  dreamy: ['dreamy', 'airy', 'light', 'ethereal', 'pastel', 'misty', 'hazy', 'floating', 'cloud', 'daydream', 'whimsical', 'dreamlike', 'magical'],
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
  pink: ['pink', 'rosy', 'fuchsia', 'coral', 'peach'],
  brown: ['brown', 'chocolate', 'bronze', 'tan', 'sepia', 'earthy'],
  black: ['black', 'ebony', 'onyx', 'inky'],
  white: ['white', 'ivory', 'pearl', 'snowwhite', 'milky'],
  grey: ['grey', 'gray', 'ashen', 'slate', 'charcoal'],
  silver: ['silver', 'silvery', 'platinum', 'chrome'],
};

const AGE_WORDS: Record<Age, readonly string[]> = {
  old: ['old', 'elderly', 'ancient', 'aged', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'weathered', 'rusty', 'wise'],
  young: ['young', 'child', 'kid', 'girl', 'boy', 'baby', 'little', 'tiny', 'cute'],
};
export type Age = 'old' | 'young';

function invert<K extends string>(table: Record<K, readonly string[]>): Map<string, K> {
  const index = new Map<string, K>();
  for (const [name, words] of Object.entries(table) as [K, readonly string[]][]) {
    for (const word of words) index.set(word, name);
  }
  return index;
}

const SUBJECT_INDEX = invert(SUBJECT_WORDS);
const STYLE_INDEX = invert(STYLE_WORDS);
const MOOD_INDEX = invert(MOOD_WORDS);
const COLOUR_INDEX = invert(COLOUR_WORDS);
const AGE_INDEX = invert(AGE_WORDS);

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
  styles: Style[];
  /** "old robot", "young woman": how the figures should look their age. */
  age?: Age;
}

/** The colours, moods, styles and subjects a prompt names (each once, in the order first named). */
export function readPrompt(prompt: string): PromptReading {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const colours = new Set<ColourName>();
  const moods = new Set<Mood>();
  const subjects = new Set<Subject>();
  const styles = new Set<Style>();
  let age: Age | undefined;
  for (const word of words) {
    const subject = lookup(SUBJECT_INDEX, word);
    if (subject) subjects.add(subject);
    const style = lookup(STYLE_INDEX, word);
    if (style) styles.add(style);
    const mood = lookup(MOOD_INDEX, word);
    if (mood) moods.add(mood);
    const colour = lookup(COLOUR_INDEX, word);
    if (colour) colours.add(colour);
    age ??= lookup(AGE_INDEX, word);
  }
  const reading: PromptReading = { words, colours: [...colours], moods: [...moods], subjects: [...subjects], styles: [...styles] };
  if (age) reading.age = age;
  return reading;
}

/** Whether the prompt asks for a close-up of its figure ("a portrait of an old robot"). */
export const asksForPortrait = (reading: PromptReading): boolean =>
  reading.words.some((word) => word === 'portrait' || word === 'portraits' || word === 'face' || word === 'selfie' || word === 'bust');
