// The Dream-o-matic's curated prompts (docs/requirements/ai-demos.md#dream-o-matic): POST /api/start-dream {mode} draws one
// of its mode's list and renders it like any prompt.
import type { DreamMode } from '@atelier/contracts';

export const DREAM_PROMPTS: Record<DreamMode, readonly string[]> = {
  daydream: [
    'light airy clouds floating over a pastel meadow of flowers',
    'a calm blue sky over a gentle sea at dawn',
    'dreamy white clouds above soft green hills',
    'a misty sunrise over a quiet lake',
    'pastel pink blossoms drifting in a bright garden',
    'an ethereal silver moon in a pale morning sky',
    'whimsical floating islands in a hazy sea of clouds',
    'a serene snowy mountain under a light blue sky',
    'soft golden light over a sunny beach',
    'airy lavender flower fields under a cloudless sky',
  ],
  nicedream: [
    'a warm golden sunset over the ocean',
    'a cozy forest cabin glowing at dusk',
    'happy orange sunrise over rolling hills',
    'a joyful garden full of red and yellow flowers',
    'warm summer evening over a peaceful city',
    'a glowing amber desert at sunset',
    'portrait of a smiling woman in golden light',
    'a cheerful autumn forest in warm colours',
    'gentle pink twilight over a calm bay',
    'a warm starry night above the mountains',
  ],
  strangedream: [
    'a surreal city floating in purple space',
    'strange green planets over an eerie desert',
    'a weird forest of glowing teal trees under two moons',
    'uncanny portrait of a face made of stars',
    'bizarre flowers blooming on the ocean at midnight',
    'an otherworldly magenta sunset over frozen dunes',
    'surreal snow falling upwards over a silver city',
    'alien mountains under a turquoise sky',
    'a dreamlike staircase of clouds climbing to a yellow moon',
    'strange orange rain over a violet sea',
  ],
  nightmare: [
    'a dark stormy sea under a blood red sky',
    'a haunted black forest at midnight',
    'sinister city in the rain with lightning',
    'a creepy shadowy face in the dark',
    'grim frozen mountains under a starless night',
    'an eerie desert with crimson dunes at night',
    'gloomy storm clouds over a dead garden',
    'a ghostly moon above a dark ocean',
    'bleak grey city towers in a thunderstorm',
    'shadow figures in a dark snowy wood',
  ],
};

/** One of a mode's prompts, chosen by `random` (uniform in [0, 1), Math.random by default). */
export function dreamPrompt(mode: DreamMode, random: () => number = Math.random): string {
  const prompts = DREAM_PROMPTS[mode];
  return prompts[Math.min(prompts.length - 1, Math.floor(random() * prompts.length))];
}
