import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCarousel } from './use-carousel.ts';

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances on its interval and wraps after the last slide', () => {
    const { result } = renderHook(() => useCarousel({ count: 3, intervalMs: 4500 }));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(4500));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(9000));
    expect(result.current.index).toBe(0);
  });

  it('blocks next and previous for 500 ms after a change', () => {
    const { result } = renderHook(() => useCarousel({ count: 5, intervalMs: 4500, blockMs: 500 }));
    act(() => void result.current.next());
    expect(result.current.index).toBe(1);
    act(() => void result.current.next()); // too soon: ignored
    act(() => void result.current.prev());
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(500));
    act(() => void result.current.prev());
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(499));
    act(() => void result.current.prev());
    expect(result.current.index).toBe(0);
  });

  it('stops while paused and goes on when resumed', () => {
    const { result } = renderHook(() => useCarousel({ count: 3, intervalMs: 5000 }));
    act(() => result.current.togglePause());
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.index).toBe(0);
    expect(result.current.running).toBe(false);
    act(() => result.current.togglePause());
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(1);
  });

  it('pauses while hovered', () => {
    const { result } = renderHook(() => useCarousel({ count: 3, intervalMs: 5000 }));
    act(() => result.current.bind.onMouseEnter());
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.bind.onMouseLeave());
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(1);
  });
});
