import { useEffect, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { ContactFormLoader } from '../components/contact-form-loader';
import type { RootState } from '../store/root-state';
import { selectMode } from '../store/session-selectors';
import { useAppSelector } from '../store/store-hooks';
import { appTheme } from '../theme/app-theme';

/** The contact form (features/contact), fetched when a visitor presses a "Contact me" button. */
const loadContactForm = () => import('../features/contact/contact-dialog');

interface AppProvidersProps {
  store: Store<RootState>;
  children: ReactNode;
}

/**
 * Store, the theme of the stored mode, and the loader of the contact form that pages offer. The
 * stored session is read back before anything renders (app/start-app.tsx waits for it).
 */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ContactFormLoader.Provider value={loadContactForm}>
        <ModeThemeProvider>{children}</ModeThemeProvider>
      </ContactFormLoader.Provider>
    </Provider>
  );
}

function ModeThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectMode);
  const theme = appTheme(mode);

  useEffect(() => {
    // Mobile browsers tint their toolbar with theme-color; follow the page background.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.background.default);
  }, [theme]);

  useEffect(() => {
    // The page is live (rendered, or its server markup hydrated): end-to-end tests wait for this
    // before clicking, since a server-rendered page shows before its handlers are attached.
    document.documentElement.dataset.appReady = 'true';
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
