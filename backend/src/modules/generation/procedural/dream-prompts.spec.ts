import { DREAM_MODES } from '@atelier/contracts';
import { DREAM_PROMPTS, dreamPrompt } from './dream-prompts';
import { readPrompt } from './prompt-reading';

describe('dream prompts', () => {
  it('has 8 to 12 distinct prompts for each mode, each naming something the renderer reads', () => {
    expect(Object.keys(DREAM_PROMPTS).sort()).toEqual([...DREAM_MODES].sort());
    for (const mode of DREAM_MODES) {
      const prompts = DREAM_PROMPTS[mode];
      expect(prompts.length).toBeGreaterThanOrEqual(8);
      expect(prompts.length).toBeLessThanOrEqual(12);
      expect(new Set(prompts).size).toBe(prompts.length);
      for (const prompt of prompts) expect(readPrompt(prompt).subjects.length).toBeGreaterThan(0);
    }
  });

  it('picks by the random number given, within the mode', () => {
    expect(dreamPrompt('nightmare', () => 0)).toBe(DREAM_PROMPTS.nightmare[0]);
    expect(dreamPrompt('daydream', () => 0.999999)).toBe(DREAM_PROMPTS.daydream.at(-1));
    expect(DREAM_PROMPTS.strangedream).toContain(dreamPrompt('strangedream'));
  });

  it('reads nightmares as dark and day dreams as light', () => {
    const dark = DREAM_PROMPTS.nightmare.filter((p) => readPrompt(p).moods.includes('dark') || readPrompt(p).moods.includes('eerie'));
    expect(dark.length).toBeGreaterThanOrEqual(DREAM_PROMPTS.nightmare.length / 2);
    expect(DREAM_PROMPTS.daydream.some((p) => readPrompt(p).moods.includes('dark'))).toBe(false);
  });
});
