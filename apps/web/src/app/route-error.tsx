import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Container, Stack, Text } from '@mantine/core';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * A render error or a failed page download (often a new deployment replaced the chunks):
 * say so and offer a reload instead of a blank screen. Keyed by path in the layout, so
 * navigating elsewhere clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Logged for support; the user sees the friendly panel below.
    console.warn('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Something went wrong" role="alert">
          <Stack gap="sm">
            <Text size="sm">This page could not be shown. Reloading usually fixes it.</Text>
            <Text size="xs" c="dimmed">
              {this.state.error.message}
            </Text>
            <Button w="fit-content" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
}
