import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
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
const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 6 } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
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
