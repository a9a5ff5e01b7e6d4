// What a picture will show, decided before anything is drawn: a pure function of the prompt's
// names and the seed. The SVG is drawn from this plan, and tests check the plan against the prompt.
import { prng, type Prng } from '../../../common/random/prng';
import { makePalette, type Palette, type TimeOfDay } from './palette';
import { asksForPortrait, readPrompt, type Age, type Element, type Mood, type PromptReading, type Setting, type Style } from './prompt-reading';
import { between, SIZE } from './svg';

/** The room the figures stand in. */
export type Backdrop = 'land' | 'space' | 'underwater' | 'interior' | 'studio';

export interface PlannedElement {
  subject: Element;
  /** Where the figure's foot (or centre, for things that fly) stands, in pixels. */
  x: number;
  y: number;
  /** Pixels per unit: drawers draw a figure about 100 units tall. */
  scale: number;
  /** Faces left instead of right. */
  flip: boolean;
  role: 'hero' | 'companion';
}

export interface ScenePlan {
  seed: number;
  backdrop: Backdrop;
  settings: Setting[];
  time: TimeOfDay;
  weather: 'clear' | 'rain' | 'snow';
  /** The y of the horizon, in pixels. */
  horizon: number;
  /** Close-up of the hero ("a portrait of ..."). */
  portrait: boolean;
  elements: PlannedElement[];
  palette: Palette;
  style?: Style;
  moods: Mood[];
  age?: Age;
  /** False when the prompt named nothing the renderer knows: mood and colours only. */
  understood: boolean;
}

type Anchor = 'ground' | 'sky' | 'water' | 'table' | 'wall' | 'horizon';

/** How each figure stands: where, how tall (px) as the main figure, how wide for its height. */
const FIGURES: Record<Element, { anchor: Anchor; height: number; width: number }> = {
  cat: { anchor: 'ground', height: 280, width: 1 },
  dog: { anchor: 'ground', height: 290, width: 1.1 },
  bird: { anchor: 'sky', height: 190, width: 1.6 },
  fish: { anchor: 'water', height: 170, width: 1.8 },
  dragon: { anchor: 'sky', height: 300, width: 2.2 },
  fox: { anchor: 'ground', height: 260, width: 1.4 },
  owl: { anchor: 'ground', height: 300, width: 0.8 },
  robot: { anchor: 'ground', height: 440, width: 0.8 },
  car: { anchor: 'ground', height: 150, width: 2.4 },
  rocket: { anchor: 'sky', height: 330, width: 0.6 },
  train: { anchor: 'ground', height: 150, width: 4 },
  boat: { anchor: 'water', height: 260, width: 1.3 },
  airplane: { anchor: 'sky', height: 170, width: 2.4 },
  person: { anchor: 'ground', height: 330, width: 0.45 },
  tree: { anchor: 'ground', height: 460, width: 0.8 },
  house: { anchor: 'ground', height: 280, width: 1.2 },
  book: { anchor: 'table', height: 150, width: 1.4 },
  cup: { anchor: 'table', height: 180, width: 1.2 },
  clock: { anchor: 'table', height: 300, width: 0.8 },
  lantern: { anchor: 'table', height: 260, width: 0.6 },
  crystal: { anchor: 'table', height: 260, width: 0.7 },
  castle: { anchor: 'horizon', height: 330, width: 1.5 },
  bridge: { anchor: 'horizon', height: 180, width: 4 },
  lighthouse: { anchor: 'horizon', height: 420, width: 0.5 },
  neon: { anchor: 'wall', height: 110, width: 1.2 },
};

const WATERS: readonly Setting[] = ['sea', 'lake', 'river', 'waterfall', 'island'];
const STILL_LIFE: readonly Element[] = ['book', 'cup', 'clock', 'lantern', 'crystal'];
/** Figures that can be shown as a close-up portrait, head and shoulders. */
const PORTRAIT_SITTERS: readonly Element[] = ['person', 'robot', 'cat', 'dog', 'fox', 'owl'];

const isSetting = (subject: string): subject is Setting => !(subject in FIGURES);
/** "Space" words that mean outer space; a moon or stars alone only light a night sky. */
const OUTER_SPACE = ['space', 'planet', 'planets', 'galaxy', 'galaxies', 'cosmos', 'cosmic', 'nebula', 'universe', 'orbit', 'astronaut', 'astronauts'];

function chooseTime(reading: PromptReading, style: Style | undefined, settings: Setting[], elements: Element[]): TimeOfDay {
  const dark = reading.moods.includes('dark');
  const nightly = style === 'synthwave' || style === 'cyberpunk' || elements.includes('neon') || settings.includes('space');
  if (dark || (nightly && !reading.moods.includes('joyful'))) return 'night';
  if (settings.includes('sunset')) return 'sunset';
  return 'day';
}

/** The planned picture for a prompt and seed. Pure: the same arguments give the same plan. */
export function planScene(prompt: string, seed: number): ScenePlan {
  const reading = readPrompt(prompt);
  // The seed leads; the words that matter (not their spacing or case) follow.
  const random = prng(`procedural:${seed >>> 0}:${reading.words.join(' ')}`);
  const style = reading.styles[0];
  const settings = reading.subjects.filter(isSetting);
  const elements = reading.subjects.filter((subject): subject is Element => !isSetting(subject));
  const understood = reading.subjects.length + reading.styles.length > 0;
  const moonlit = settings.includes('space') && !reading.words.some((word) => OUTER_SPACE.includes(word));
  if (moonlit) settings.splice(settings.indexOf('space'), 1);
  if (moonlit && !reading.moods.includes('dreamy') && !reading.moods.includes('joyful') && !reading.moods.includes('dark')) reading.moods.push('dark');

  // Things that need a place to be drawn in bring it along.
  const hasWater = settings.some((setting) => WATERS.includes(setting));
  if ((elements.includes('boat') || elements.includes('lighthouse')) && !hasWater) settings.push('sea');
  if (elements.includes('bridge') && !hasWater) settings.push('river');
  if ((elements.includes('neon') || style === 'cyberpunk') && !settings.includes('city') && !settings.includes('street')) settings.push('city');
  if (style === 'cyberpunk' && !elements.includes('neon')) elements.push('neon');
  // Neon is a street's worth of signs, not one.
  if (elements.includes('neon')) elements.push('neon', 'neon');

  const portrait = asksForPortrait(reading) && elements.some((element) => PORTRAIT_SITTERS.includes(element));
  if (portrait) {
    // The sitter leads, whatever was named first.
    const sitter = elements.find((element) => element !== 'person' && PORTRAIT_SITTERS.includes(element)) ?? 'person';
    elements.splice(elements.indexOf(sitter), 1);
    elements.unshift(sitter);
    // "A portrait of a robot" names a person only through the word "portrait".
    if (sitter !== 'person' && elements.includes('person')) elements.splice(elements.indexOf('person'), 1);
  }

  let backdrop: Backdrop = 'land';
  if (settings.includes('space')) backdrop = 'space';
  else if (settings.length === 0 && elements.length > 0) {
    if (elements.every((element) => STILL_LIFE.includes(element))) backdrop = 'interior';
    else if (elements[0] === 'fish') backdrop = 'underwater';
    else if (portrait && elements[0] === 'person') backdrop = 'studio';
  }
  // A fish with nothing but water around it is seen from under the surface.
  if (elements[0] === 'fish' && settings.every((setting) => setting === 'sea' || setting === 'lake')) {
    backdrop = 'underwater';
    settings.length = 0;
  }
  if (settings.length === 0 && backdrop === 'land' && style !== 'synthwave' && style !== 'vaporwave' && elements.length > 0) settings.push('flowers');

  const time = chooseTime(reading, style, settings, elements);
  const weather = settings.includes('rain') ? 'rain' : settings.includes('snow') ? 'snow' : 'clear';
  const horizon = backdrop === 'interior' ? SIZE * 0.62 : SIZE * between(random, 0.56, 0.64);
  const palette = makePalette(reading, time, style, random);

  const plan: ScenePlan = {
    seed: seed >>> 0,
    backdrop,
    settings,
    time,
    weather,
    horizon,
    portrait,
    elements: [],
    palette,
    moods: reading.moods,
    understood,
  };
  if (style) plan.style = style;
  if (reading.age) plan.age = reading.age;
  plan.elements = placeFigures(plan, elements.slice(0, 6), random);
  return plan;
}

/** Where each figure goes: the first named leads, near the middle and large; the rest beside it. */
function placeFigures(plan: ScenePlan, elements: Element[], random: Prng): PlannedElement[] {
  const placed: PlannedElement[] = [];
  const { horizon } = plan;
  const side = random.chance(0.5) ? 1 : -1;
  const crowd = elements.length > 1;
  elements.forEach((subject, index) => {
    const figure = FIGURES[subject];
    const hero = index === 0;
    const role = hero ? 'hero' : 'companion';
    const flip = random.chance(0.5);
    if (hero && plan.portrait) {
      // Head and shoulders: the figure is drawn tall and its lower half leaves the frame.
      const scale = (SIZE * 1.25) / 100;
      placed.push({ subject, x: SIZE / 2 + between(random, -20, 20), y: SIZE * 1.42, scale, flip, role });
      return;
    }
    // Companions step aside and back; the hero moves over to make room for them.
    const slot = hero ? (crowd ? side * 0.14 : between(random, -0.05, 0.05)) : -side * (0.16 + 0.14 * index) * (index % 2 === 0 ? -1 : 1);
    let x = SIZE * (0.5 + slot);
    let height = figure.height * (hero ? 1 : 0.55) * between(random, 0.9, 1.1);
    let y: number;
    switch (figure.anchor) {
      case 'sky':
        // Whole and in the sky: the top stays inside the frame.
        y = Math.max(horizon * between(random, 0.45, 0.7), height * 1.2 + 10);
        if (subject === 'rocket' && plan.backdrop !== 'space') y = horizon * 0.95;
        break;
      case 'water':
        y = plan.backdrop === 'underwater' ? SIZE * between(random, 0.45, 0.6) : horizon + (SIZE - horizon) * (hero ? 0.45 : 0.2);
        break;
      case 'table':
        y = plan.backdrop === 'interior' ? SIZE * 0.8 : horizon + (SIZE - horizon) * (hero ? 0.75 : 0.55);
        if (plan.backdrop === 'interior' && !hero) height *= 1.4;
        break;
      case 'wall': {
        // Signs hang on the buildings, spread across the picture.
        const signs = placed.filter((other) => other.subject === 'neon').length;
        y = horizon - between(random, 30, 120) - (signs % 2) * 90;
        x = SIZE * ((signs + 0.5 + between(random, -0.2, 0.2)) / 3);
        height = figure.height * between(random, 0.8, 1.15);
        break;
      }
      case 'horizon':
        y = horizon + (subject === 'bridge' ? 8 : 24);
        if (subject === 'bridge') x = SIZE / 2;
        if (subject === 'lighthouse') x = SIZE * (0.5 + side * 0.28);
        break;
      default: {
        const depth = hero ? between(random, 0.72, 0.85) : between(random, 0.4, 0.6);
        y = horizon + (SIZE - horizon) * depth;
        height *= 0.55 + 0.5 * depth;
      }
    }
    if (plan.style === 'minimal') height *= 0.85;
    // Keep wide things inside the frame.
    const half = (height * figure.width) / 2;
    x = Math.min(SIZE - half * 0.8, Math.max(half * 0.8, x));
    placed.push({ subject, x, y, scale: height / 100, flip, role });
  });
  // Far things first, so the near ones cover them.
  return placed.sort((a, b) => a.y - b.y);
}
