import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading.ts';

describe('loading counter', () => {
  it('counts requests up and down', () => {
    const c = createLoadingCounter();
    c.increment();
    c.increment();
    expect(c.count()).toBe(2);
    c.decrement();
    expect(c.count()).toBe(1);
    c.decrement();
    expect(c.count()).toBe(0);
  });

  it('never goes below 0', () => {
    const c = createLoadingCounter();
    c.decrement();
    c.decrement();
    expect(c.count()).toBe(0);
    c.increment();
    expect(c.count()).toBe(1);
  });

  it('notifies subscribers on change only', () => {
    const c = createLoadingCounter();
    const listener = vi.fn();
    const unsubscribe = c.subscribe(listener);
    c.decrement();
    expect(listener).not.toHaveBeenCalled();
    c.increment();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    c.decrement();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
