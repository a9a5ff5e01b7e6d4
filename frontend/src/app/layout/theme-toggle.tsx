import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { selectMode } from '../../store/session-selectors';
import { setMode } from '../../store/session-slice';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';

/** Sun in dark mode, moon in light mode: the icon shows the mode a click switches to. */
export function ThemeToggle() {
  const mode = useAppSelector(selectMode);
  const dispatch = useAppDispatch();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton aria-label={`switch to ${next} mode`} onClick={() => dispatch(setMode())} sx={{ color: 'neutral.dark' }}>
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
