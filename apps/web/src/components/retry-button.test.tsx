import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RetryButton } from './retry-button.tsx';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

/** A read that fails until `Try again` is pressed, then shows its content. */
function Section({ succeeds, withTarget }: { succeeds: boolean; withTarget: boolean }) {
  const [failed, setFailed] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      <h2 ref={heading} tabIndex={-1}>
        Statement
      </h2>
      {failed ? (
        <RetryButton
          onRetry={() => setFailed(!succeeds)}
          focusTarget={withTarget ? () => heading.current : undefined}
        />
      ) : (
        <p>Opening balance</p>
      )}
    </main>
  );
}

const renderSection = (props: { succeeds: boolean; withTarget: boolean }) =>
  render(
    <MantineProvider>
      <Section {...props} />
    </MantineProvider>,
  );

describe('RetryButton', () => {
  it('moves the focus to the main landmark when a retry that succeeded takes it away', async () => {
    renderSection({ succeeds: true, withTarget: false });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Opening balance')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID));
  });

  it('moves it to the section given', async () => {
    renderSection({ succeeds: true, withTarget: true });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Statement'));
  });

  it('leaves the focus on the button when the retry failed again', async () => {
    renderSection({ succeeds: false, withTarget: false });
    const button = screen.getByRole('button', { name: 'Try again' });
    await userEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(button);
  });
});
