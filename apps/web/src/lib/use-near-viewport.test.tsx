import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useNearViewport } from './use-near-viewport.ts';

/** A part that shows "rendered" once near, with a focusable control inside its frame. */
function Part() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <section ref={ref} aria-label="Feed">
      <button type="button">Kudos Thread</button>
      {near ? <p>rendered</p> : <p>placeholder</p>}
    </section>
  );
}

let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class FakeObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed.push({ callback, options });
  }
  observe() {}
  disconnect() {}
}

function onPhone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }) as never,
  );
}

const intersect = (isIntersecting: boolean) =>
  act(() => observed.at(-1)!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as never));

describe('useNearViewport (decision 0046)', () => {
  beforeEach(() => {
    observed = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders at once when the screen is wider than a phone', () => {
    onPhone(false);
    render(<Part />);
    expect(screen.getByText('rendered')).toBeTruthy();
  });

  it('on a phone, waits until the part nears the viewport, then stays rendered', () => {
    onPhone(true);
    render(<Part />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(observed.at(-1)!.options?.rootMargin).toBe('600px 0px');
    intersect(false);
    expect(screen.getByText('placeholder')).toBeTruthy();
    intersect(true);
    expect(screen.getByText('rendered')).toBeTruthy();
  });

  it('on a phone, renders as soon as focus enters the part', () => {
    onPhone(true);
    render(<Part />);
    fireEvent.focusIn(screen.getByRole('button', { name: 'Kudos Thread' }));
    expect(screen.getByText('rendered')).toBeTruthy();
  });

  it('on a phone, renders at the first key pressed anywhere (keyboard users find it ready)', () => {
    onPhone(true);
    render(<Part />);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByText('rendered')).toBeTruthy();
  });

  it('renders at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    onPhone(true);
    render(<Part />);
    expect(screen.getByText('rendered')).toBeTruthy();
  });
});
