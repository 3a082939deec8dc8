import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render-app.tsx';
import { closeAllMessages, htmlAfterMarker, showMessage } from './message-box.tsx';

describe('the message box', () => {
  afterEach(() => closeAllMessages());

  it('answers OK or Cancel and gives the focus back to what opened it (WCAG 2.4.3)', async () => {
    renderWithApp(<button type="button">Delete</button>);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    const answer = showMessage({ title: 'Delete it?', msg: 'This cannot be undone.', isShowCancel: true });
    // A question starts on its safe answer: Enter does not confirm it unread.
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.click(cancel);
    expect(await answer).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));

    const ok = showMessage({ msg: 'Done.' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(await ok).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves the focus where an OK callback put it', async () => {
    renderWithApp(
      <>
        <button type="button">Send</button>
        <input aria-label="Message" />
      </>,
    );
    screen.getByRole('button', { name: 'Send' }).focus();
    const field = screen.getByRole('textbox', { name: 'Message' });
    void showMessage({ msg: 'Fix the message first.', callback: () => field.focus() });
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(field);
  });

  it('reads HTML only after the marker', () => {
    expect(htmlAfterMarker('<html><b>Bold</b></html>')).toBe('<b>Bold</b>');
    expect(htmlAfterMarker('Plain <b>text</b>')).toBeNull();
  });
});
