import { Button, type ButtonProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

export interface RetryButtonProps extends ButtonProps {
  onRetry: () => void;
  /**
   * Where the focus goes when a retry that succeeded takes this button away with the failure:
   * the section that now shows what was read. The main landmark when not given.
   */
  focusTarget?: () => HTMLElement | null;
  children?: ReactNode;
}

/**
 * "Try again" after a failed read. A read that succeeds removes the failure and this button with
 * it; if the button held the focus, the focus moves to `focusTarget` (or the main landmark) once
 * the new content is in place, instead of falling to the page's body (WCAG 2.4.3).
 */
export function RetryButton({ onRetry, focusTarget, children = 'Try again', ...props }: RetryButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const target = useRef(focusTarget);
  useLayoutEffect(() => {
    target.current = focusTarget;
  });
  useLayoutEffect(() => {
    const element = button.current;
    // A layout effect's cleanup runs while the button is still in the page, still focused.
    return () => {
      if (!element || document.activeElement !== element) return;
      const moveTo = target.current;
      setTimeout(() => {
        const next = moveTo?.() ?? document.getElementById(MAIN_CONTENT_ID);
        next?.focus({ preventScroll: true });
      });
    };
  }, []);
  return (
    <Button ref={button} onClick={onRetry} {...props}>
      {children}
    </Button>
  );
}
