import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Autocomplete, MantineProvider, MultiSelect, Select } from '@mantine/core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

const DIVISIONS = ['Advisory', 'Assurance', 'Tax'];
const withTheme = (ui: ReactElement) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('theme: closed lists are not kept in the page (decision 0066)', () => {
  it.each([
    ['Select', <Select key="s" label="Division" data={DIVISIONS} />],
    ['MultiSelect', <MultiSelect key="m" label="Division" data={DIVISIONS} />],
    ['Autocomplete', <Autocomplete key="a" label="Division" data={DIVISIONS} />],
  ])('%s renders its options only while open', async (_name, ui) => {
    withTheme(ui);
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('Division'));
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(DIVISIONS);
  });
});
