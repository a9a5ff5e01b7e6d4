import { createContext, useCallback, useContext } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Breakpoint } from '@mui/material/styles';

/**
 * The viewport width a server render assumed (from the user agent). It answers the media queries of
 * the server render and of the hydration that follows, so both draw the same page; the browser's
 * real width takes over right after. Unset when the page was not rendered on the server.
 */
export const ServerViewportContext = createContext<number | undefined>(undefined);

/** True while the viewport is at least the given breakpoint wide (e.g. 'lg' = 1000px, the desktop menu). */
export function useMediaUp(breakpoint: Breakpoint): boolean {
  const theme = useTheme();
  const serverWidth = useContext(ServerViewportContext);
  const minWidth = theme.breakpoints.values[breakpoint];
  const ssrMatchMedia = useCallback(() => ({ matches: (serverWidth ?? 0) >= minWidth }), [serverWidth, minWidth]);
  return useMediaQuery(theme.breakpoints.up(breakpoint), {
    noSsr: serverWidth === undefined,
    ssrMatchMedia: serverWidth === undefined ? undefined : ssrMatchMedia,
  });
}
