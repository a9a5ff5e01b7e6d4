import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface SpinnerGridProps {
  /** How many spinners (docs/requirements/ai-demos.md: 5 on the Bot Folk page, 25 on the image pages). */
  count: number;
  columns: number;
  /** Width in px of the square grid, the size of the picture it stands in for (narrower only when the screen is). */
  size: number;
  /** What is on its way, for assistive technology. */
  label: string;
}

const SPINNER_PX = 36;
const WAVE_STEP_MS = 120;

/** A square grid of spinners in the place of a picture that is on its way. */
export function SpinnerGrid({ count, columns, size, label }: SpinnerGridProps) {
  const rows = Math.ceil(count / columns);
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        width: size,
        maxWidth: '100%',
        aspectRatio: '1 / 1',
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, 1fr)`,
        gridTemplateRows: `repeat(${rows}, 1fr)`,
        alignItems: 'center',
        justifyItems: 'center',
        bgcolor: 'bg.surface',
        borderRadius: '0.75rem',
      }}
    >
      {Array.from({ length: count }, (_, index) => (
        <CircularProgress
          key={index}
          size={SPINNER_PX}
          aria-hidden
          // A diagonal wave: each spinner starts a step after its left and upper neighbours.
          sx={{ animationDelay: `${((index % columns) + Math.floor(index / columns)) * WAVE_STEP_MS}ms` }}
        />
      ))}
    </Box>
  );
}
