import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { GameBoard } from './game-board.tsx';

describe('GameBoard', () => {
  it('is a list of cap buttons named "Cap N" that flip on click', () => {
    const onFlip = vi.fn();
    render(<GameBoard caps={12} disabled={false} pendingCap={null} revealed={null} onFlip={onFlip} />, { wrapper });
    const caps = screen.getAllByRole('button');
    expect(caps.map((c) => c.getAttribute('aria-label'))).toEqual(Array.from({ length: 12 }, (_, i) => `Cap ${i + 1}`));
    fireEvent.click(screen.getByRole('button', { name: 'Cap 7' }));
    expect(onFlip).toHaveBeenCalledWith(7);
  });

  it('shows the prize on the flipped cap and disables the board', () => {
    render(
      <GameBoard
        caps={4}
        disabled
        pendingCap={null}
        revealed={{ cap: 3, prize: { label: '25 Kudos', points: 25 } }}
        onFlip={vi.fn()}
      />,
      { wrapper },
    );
    const flipped = screen.getByRole('button', { name: 'Cap 3: 25 Kudos' });
    expect(flipped.hasAttribute('data-flipped')).toBe(true);
    expect(flipped.textContent).toContain('25 Kudos');
    for (const cap of screen.getAllByRole('button')) expect((cap as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks the cap in flight as busy', () => {
    render(<GameBoard caps={4} disabled pendingCap={2} revealed={null} onFlip={vi.fn()} />, { wrapper });
    expect(screen.getByRole('button', { name: 'Cap 2' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cap 1' }).getAttribute('aria-busy')).toBeNull();
  });

  it('keeps the cap of an unconfirmed flip playable on a board that is not', () => {
    const onFlip = vi.fn();
    render(<GameBoard caps={4} disabled retryCap={2} pendingCap={null} revealed={null} onFlip={onFlip} />, { wrapper });
    const enabled = screen.getAllByRole('button').filter((cap) => !(cap as HTMLButtonElement).disabled);
    expect(enabled.map((cap) => cap.getAttribute('aria-label'))).toEqual(['Cap 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Cap 2' }));
    expect(onFlip).toHaveBeenCalledWith(2);
  });
});
