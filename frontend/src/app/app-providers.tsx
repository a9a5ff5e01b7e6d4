import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import type { AppStore } from '../store/app-store';
import { selectMode } from '../store/session-selectors';
import { useAppSelector } from '../store/store-hooks';
import { createAppTheme } from '../theme/app-theme';

interface AppProvidersProps {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}

/** Store, persisted session and theme; rendering waits for the session so the stored mode paints first. */
export function AppProviders({ store, persistor, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <ModeThemeProvider>{children}</ModeThemeProvider>
      </PersistGate>
    </Provider>
  );
}

function ModeThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  useEffect(() => {
    // Mobile browsers tint their toolbar with theme-color; follow the page background.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.background.default);
  }, [theme]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
