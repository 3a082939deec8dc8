import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

/** A fresh TanStack Query client without retries: a failure shows at once. */
export const newTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The providers a feature component needs in a unit test (Mantine, a fresh query client, a
 * memory router). Use as `render(ui, { wrapper: TestWrapper })`.
 */
export function TestWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(newTestQueryClient);
  return <Providers client={client}>{children}</Providers>;
}

/** The same providers around a client the test holds, to seed and read the cache. */
export function makeWrapper(client = newTestQueryClient()) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>,
  };
}
