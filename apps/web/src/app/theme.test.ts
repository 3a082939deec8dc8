import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, DIMMED_TEXT, ERROR_TEXT, theme } from './theme.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;

describe('theme colours', () => {
  it('draws every light variant (Alert titles, light Badges and Buttons) at AA on its background and hover', () => {
    const failing = Object.entries(resolved.colors).flatMap(([name, shades]) => {
      const text = light[`--mantine-color-${name}-light-color`];
      expect(text, name).toBeDefined();
      return [shades[1], shades[2]]
        .map((background) => ({ name, text, background, ratio: contrastRatio(text!, background) }))
        .filter((c) => c.ratio < 4.5);
    });
    expect(failing).toEqual([]);
  });

  it('keeps a colour that already passes as Mantine draws it', () => {
    // Pink's shade 9 is 4.75:1 on its shade 2: no need to change it.
    expect(light['--mantine-color-pink-light-color']).toBe(resolved.colors.pink[9]);
    // Teal's is 4.3:1 on shade 1, below AA, so it is darkened.
    expect(contrastRatio(resolved.colors.teal[9], resolved.colors.teal[1])).toBeLessThan(4.5);
    expect(light['--mantine-color-teal-light-color']).not.toBe(resolved.colors.teal[9]);
  });

  it('draws field errors at AA on white and on the page grey', () => {
    expect(light['--mantine-color-error']).toBe(ERROR_TEXT);
    expect(contrastRatio(ERROR_TEXT, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ERROR_TEXT, '#f5f7f7')).toBeGreaterThanOrEqual(4.5);
  });

  it('dims text at AA on white', () => {
    expect(contrastRatio(DIMMED_TEXT, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
