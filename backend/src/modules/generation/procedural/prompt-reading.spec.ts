import { readPrompt } from './prompt-reading';

describe('readPrompt', () => {
  it('finds subjects, moods and colours, case-insensitively', () => {
    const reading = readPrompt('A Calm RED Sunset over the SEA');
    expect(reading.subjects).toEqual(['sunset', 'sea']);
    expect(reading.moods).toEqual(['calm']);
    expect(reading.colours).toEqual(['red']);
  });

  it('maps synonyms to one name', () => {
    expect(readPrompt('ocean waves on the shore').subjects).toEqual(['sea']);
    expect(readPrompt('a galaxy of stars and planets').subjects).toEqual(['space']);
    expect(readPrompt('dawn').subjects).toEqual(['sunset']);
    expect(readPrompt('a thunderstorm').subjects).toEqual(['rain']);
    expect(readPrompt('the face of a woman').subjects).toEqual(['person']);
    expect(readPrompt('crimson and azure, golden').colours).toEqual(['red', 'blue', 'golden']);
    expect(readPrompt('serene, gloomy, cheerful, creepy').moods).toEqual(['calm', 'dark', 'joyful', 'eerie']);
  });

  it('folds plurals', () => {
    expect(readPrompt('cities').subjects).toEqual(['city']);
    expect(readPrompt('mountains and trees').subjects).toEqual(['mountain', 'forest']);
    expect(readPrompt('roses, daisies, lilies').subjects).toEqual(['flowers']);
    expect(readPrompt('snowflakes').subjects).toEqual(['snow']);
    expect(readPrompt('dunes').subjects).toEqual(['desert']);
  });

  it('tells a lone tree from a forest, and reads styles and age', () => {
    expect(readPrompt('a tree').subjects).toEqual(['tree']);
    expect(readPrompt('trees').subjects).toEqual(['forest']);
    const reading = readPrompt('Pixel art of an old robot, synthwave');
    expect(reading.styles).toEqual(['pixel', 'synthwave']);
    expect(reading.age).toBe('old');
  });

  it('names each thing once, and nothing for unknown words', () => {
    expect(readPrompt('sea sea ocean').subjects).toEqual(['sea']);
    const reading = readPrompt('zxq blorp 42!');
    expect(reading).toEqual({ words: ['zxq', 'blorp'], colours: [], moods: [], subjects: [], styles: [] });
  });
});
