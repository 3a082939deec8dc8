import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { loading } from '../lib/loading.ts';
import { LOADING_SHOW_DELAY_MS, LoadingOverlay } from './loading-overlay.tsx';

describe('LoadingOverlay', () => {
  afterEach(() => {
    loading.reset();
    vi.useRealTimers();
  });

  it('shows Loading… only for requests slower than the delay', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <LoadingOverlay />
      </MantineProvider>,
    );
    act(() => loading.increment());
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_SHOW_DELAY_MS));
    expect(screen.getByText('Loading…')).toBeTruthy();
    act(() => loading.decrement());
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
