import { render, screen } from '@testing-library/react';
import { Drawer, MantineProvider, Modal } from '@mantine/core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

const withTheme = (ui: ReactElement) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
const noop = () => undefined;

describe('theme: a dialog adds no landmark of its own', () => {
  it.each([
    [
      'Modal',
      'Privacy',
      <Modal key="m" opened onClose={noop} title="Privacy">
        Text
      </Modal>,
    ],
    [
      'Drawer',
      'Menu',
      <Drawer key="d" opened onClose={noop} title="Menu">
        Text
      </Drawer>,
    ],
  ])('%s: its header is not a second banner beside the page header', async (_name, title, ui) => {
    withTheme(ui);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('header')).toBeNull();
    expect(screen.queryAllByRole('banner', { hidden: true })).toHaveLength(0);
    // The title is still the dialog's heading and its name.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(screen.getByRole('dialog', { name: title })).toBe(dialog);
  });
});
