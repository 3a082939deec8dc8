import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { NotificationsHost } from '../components/notifications-host.tsx';
import { MessageBoxHost } from '../components/message-box-host.tsx';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions so tests see final states at once. */
  env?: 'default' | 'test';
}

/**
 * Everything that does not need the router. The session provider lives inside the router
 * (root layout) because a 401 must navigate to /hello.
 */
export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={client}>
        <NotificationsHost />
        {children}
        <MessageBoxHost />
        <LoadingOverlay />
      </QueryClientProvider>
    </MantineProvider>
  );
}
