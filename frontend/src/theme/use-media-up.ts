import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';

/** True while the viewport is at least the given breakpoint wide (e.g. 'lg' = 1000px, the desktop menu). */
export function useMediaUp(breakpoint: Breakpoint): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.up(breakpoint), { noSsr: true });
}
