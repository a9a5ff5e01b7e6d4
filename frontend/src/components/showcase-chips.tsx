import type { TechChip } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';

const INK = { dark: '#000000', light: '#FFFFFF' } as const;

/**
 * The chip's own colour as its background, with black or white text, whichever reads better on it.
 * Colours MUI cannot parse (names such as `teal`) fall back to an outlined chip in that colour.
 */
function chipColours(color: string) {
  try {
    const ink = getContrastRatio(color, INK.dark) >= getContrastRatio(color, INK.light) ? INK.dark : INK.light;
    return { bgcolor: color, color: ink };
  } catch {
    return { borderColor: color, borderWidth: 2, borderStyle: 'solid' };
  }
}

interface ShowcaseChipsProps {
  chips: TechChip[];
  /** Names the list for assistive technology, e.g. 'Technologies'. */
  label: string;
}

/** A project's technologies as coloured chips. */
export function ShowcaseChips({ chips, label }: ShowcaseChipsProps) {
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', m: 0, p: 0 }}>
      {chips.map((chip) => (
        <li key={chip.name}>
          <Chip size="small" label={chip.name} sx={{ fontWeight: 500, ...chipColours(chip.color) }} />
        </li>
      ))}
    </Box>
  );
}
