import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

const SPINNERS = 5;

/** Spec section 9: a grid of 5 spinners while an individual is on its way, in the face's place. */
export function SpinnerGrid() {
  return (
    <Box
      role="status"
      aria-label="Creating a Bot Folk individual"
      sx={{
        width: 400,
        maxWidth: '100%',
        aspectRatio: '1 / 1',
        display: 'grid',
        gridTemplateColumns: `repeat(${SPINNERS}, 1fr)`,
        alignItems: 'center',
        justifyItems: 'center',
        bgcolor: 'bg.surface',
        borderRadius: '0.75rem',
      }}
    >
      {Array.from({ length: SPINNERS }, (_, index) => (
        <CircularProgress key={index} size={36} aria-hidden sx={{ animationDelay: `${index * 120}ms` }} />
      ))}
    </Box>
  );
}
