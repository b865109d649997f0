import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TenantbaseError } from '@tenantbase/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/App.tsx';
import { sessionStore } from './session/session.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (4xx) will be refused again: only a lost connection is worth a retry.
      retry: (count, error) => count < 2 && error instanceof TenantbaseError && error.code === 'NETWORK_ERROR',
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

// Cached answers belong to one identity in one tenant: drop them whenever the session changes.
sessionStore.subscribe(() => queryClient.clear());

// Darker primary shades keep text on filled buttons above WCAG AA contrast.
// Close buttons of dialogs and notifications carry a name for screen readers.
const closeButton = { closeButtonProps: { 'aria-label': 'Close' } };
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  components: {
    // Plain objects, not Modal.extend(): importing the components here would pull them into the first load.
    Modal: { defaultProps: closeButton },
    Drawer: { defaultProps: closeButton },
    Notification: { defaultProps: closeButton },
  },
});

// Mantine's dimmed text (gray 6) falls short of 4.5:1 on white; gray 7 meets it. The text of "light"
// and "subtle" badges, buttons and alerts must meet it on their tint (shade 1) and on their hover
// tint (shade 2): shade 9 does for gray and grape; blue 9 and red 9 fall to 4.0 and 3.8 on hover, and
// green, orange and yellow need darker tones than their palettes hold. Each value below is at least
// 4.7:1 on shade 2 (axe checks it in the e2e tests, which fail on a serious contrast violation).
const LIGHT_TEXT = {
  ...Object.fromEntries(['gray', 'grape'].map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-9)`])),
  '--mantine-color-blue-light-color': '#145591',
  '--mantine-color-red-light-color': '#a51d1d',
  '--mantine-color-green-light-color': '#237032',
  '--mantine-color-orange-light-color': '#a33a0b',
  '--mantine-color-yellow-light-color': '#8a5a00',
};
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...LIGHT_TEXT,
  },
  dark: {},
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={resolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <Router base="/console">
            <App />
          </Router>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
