// The colours of a picture, from its moods, named colours, style and time of day.
import type { Prng } from '../../../common/random/prng';
import { COLOURS, type Mood, type PromptReading, type Rgb, type Setting, type Style } from './prompt-reading';
import { between, hsl, mix, shade } from './svg';

export type TimeOfDay = 'day' | 'sunset' | 'night';

export interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  ground: Rgb;
  accent: Rgb;
  /** The sun's or lamps' light. */
  light: Rgb;
  /** What distance fades into: far hills lean towards it. */
  haze: Rgb;
  /** 0 (day) .. 1 (deep night): how dark the scene is. */
  night: number;
}

const SETTING_HUES: Partial<Record<Setting, number>> = {
  sea: 205,
  lake: 200,
  river: 190,
  waterfall: 180,
  island: 190,
  forest: 130,
  city: 228,
  street: 228,
  space: 250,
  sunset: 22,
  mountain: 212,
  desert: 36,
  flowers: 320,
  rain: 215,
  snow: 200,
};

export function makePalette(reading: PromptReading, time: TimeOfDay, style: Style | undefined, random: Prng): Palette {
  const has = (mood: Mood): boolean => reading.moods.includes(mood);
  const about = (setting: Setting): boolean => (reading.subjects as string[]).includes(setting);
  const first = reading.subjects.map((subject) => SETTING_HUES[subject as Setting]).find((hue) => hue !== undefined);
  // A clear sky is blue whatever else is named; the seed only nudges it.
  let hue = first ?? 205 + between(random, -15, 15);
  hue += between(random, -10, 10);
  if (has('warm')) hue = 24 + random.next() * 20;
  if (has('cold')) hue = 200 + random.next() * 20;

  let saturation = 55 + random.next() * 15;
  let lightness = 62;
  if (has('calm')) saturation -= 15;
  if (has('joyful')) {
    saturation += 22;
    lightness += 6;
  }
  if (has('dreamy')) {
    saturation -= 18;
    lightness += 12;
  }
  if (about('rain')) {
    saturation -= 30;
    lightness -= 12;
  }
  let night = time === 'night' ? 0.85 : 0;
  if (has('eerie')) night = Math.max(night, 0.45);

  const skyHue = hue > 60 && hue < 180 && !has('eerie') ? 205 : hue;
  let skyTop = hsl(skyHue + 15, saturation, lightness - 16);
  let skyBottom = hsl(skyHue - 10, saturation - 15, lightness + 18);
  let ground = hsl(100 + between(random, 0, 40), saturation - 15, lightness - 30);
  let accent = hsl(hue + 180, saturation + 20, lightness);
  let light: Rgb = hsl(hue + 30, 90, 88);

  if (time === 'sunset') {
    skyTop = hsl(255 + random.next() * 20, 45, 30);
    skyBottom = hsl(20 + random.next() * 16, 92, 60);
    accent = hsl(8, 85, 52);
    light = hsl(44, 100, 72);
    ground = hsl(20, 35, 22);
  }
  if (about('snow')) ground = hsl(205, 25, 90);
  if (about('desert')) ground = hsl(34 + random.next() * 10, 60, 58);
  if (about('forest') && !about('snow')) ground = hsl(115 + random.next() * 30, 45, 24);
  if (has('eerie')) {
    accent = hsl(110 + random.next() * 60, 80, 55);
    skyBottom = mix(skyBottom, hsl(150, 30, 40), 0.4);
  }

  // Named colours lead: the first tints the light parts and the accent, the others the rest.
  const named = reading.colours.map((name) => COLOURS[name] as Rgb);
  if (named.length > 0) {
    const [c0, c1 = c0, c2 = c1] = named;
    skyBottom = mix(skyBottom, c0, 0.6);
    accent = mix(accent, c0, 0.85);
    skyTop = mix(skyTop, c1, 0.45);
    ground = mix(ground, c2, 0.45);
  }

  if (style === 'synthwave' || style === 'cyberpunk') {
    skyTop = hsl(265, 70, 10);
    skyBottom = style === 'synthwave' ? hsl(320, 85, 45) : hsl(285, 60, 22);
    ground = hsl(270, 60, 8);
    accent = hsl(style === 'synthwave' ? 310 : 185, 100, 58);
    light = hsl(45, 100, 65);
    night = Math.max(night, 0.5);
  }
  if (style === 'vaporwave') {
    skyTop = hsl(190, 60, 70);
    skyBottom = hsl(320, 70, 82);
    ground = hsl(280, 45, 55);
    accent = hsl(175, 70, 55);
    light = hsl(330, 90, 75);
  }
  if (style === 'watercolor' || has('dreamy')) {
    skyTop = mix(skyTop, [250, 248, 240], 0.25);
    skyBottom = mix(skyBottom, [250, 248, 240], 0.3);
  }

  if (night > 0) {
    const deep = hsl(232 + random.next() * 20, 50, 7);
    skyTop = mix(skyTop, deep, night);
    skyBottom = mix(skyBottom, hsl(230, 40, 22), night * 0.8);
    ground = mix(ground, [8, 8, 16], night * 0.65);
    accent = mix(accent, shade(accent, -0.3), night * 0.4);
    light = time === 'night' ? hsl(45, 100, 70) : light;
  }
  const haze = mix(skyBottom, skyTop, 0.25);
  return { skyTop, skyBottom, ground, accent, light, haze, night };
}
