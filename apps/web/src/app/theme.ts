import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Deep teal: shade 8 on white is above WCAG AA (4.5:1) for text and buttons. */
const ovation: MantineColorsTuple = [
  '#e7f5f4',
  '#cfe9e7',
  '#9fd2ce',
  '#6bbab4',
  '#43a69f',
  '#2a9991',
  '#17928a',
  '#047f77',
  '#00716a',
  '#00625c',
];

/** Warm amber accent for highlights and focus rings on the dark header. */
const amber: MantineColorsTuple = [
  '#fff7e1',
  '#ffedcc',
  '#fcd99b',
  '#f9c465',
  '#f7b338',
  '#f6a81c',
  '#f5a208',
  '#da8d00',
  '#c27d00',
  '#a86a00',
];

const CLOSED_LISTS_UNMOUNTED = { keepMounted: false, shadow: 'md' } as const;

export const theme = createTheme({
  primaryColor: 'ovation',
  primaryShade: { light: 8, dark: 6 },
  colors: { ovation, amber },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontFamily: 'inherit', fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's ring (2px teal) vanishes on the dark header; global.css draws one that shows on every surface.
  focusClassName: 'ovation-focus',
  other: { headerBg: '#0b4f4c', headerHeight: 64 },
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 150 } },
    // Toasts' close button is an icon only: give it a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss the message' } } },
    // A loader's aria-label needs a role that may be named: a spinner is a status.
    Loader: { defaultProps: { role: 'status' } },
    // Every dialog's close button has a name; its title reads as the heading of what is below.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } }, styles: { title: { fontWeight: 700 } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A dialog's header is a plain box: Mantine draws a <header>, which outside any section reads
    // as the page's second banner landmark (axe landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A closed list is not kept in the page: Mantine otherwise renders every option of every
    // select, hidden, and positions each list as the page mounts (decision 0066).
    Select: { defaultProps: { comboboxProps: CLOSED_LISTS_UNMOUNTED } },
    MultiSelect: { defaultProps: { comboboxProps: CLOSED_LISTS_UNMOUNTED } },
    Autocomplete: { defaultProps: { comboboxProps: CLOSED_LISTS_UNMOUNTED } },
  },
});

/**
 * Mantine's dimmed text is gray.6 (#868e96): 3.3:1 on white, below WCAG AA for body text. This
 * grey is at least 4.8:1 on white and on every light background the app uses (gray.0–2, the
 * teal tint), so captions, hints and descriptions pass everywhere.
 */
export const DIMMED_TEXT = '#5f676f';

/**
 * Field errors (their message, an invalid box's text and placeholder): Mantine draws them in
 * red 6, 3.3:1 on white, below AA for 12–14 px text; red 9 is above 4.5:1 on white and on the
 * page's grey.
 */
export const ERROR_TEXT = '#c92a2a';

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Body text under WCAG AA, with a little room for rounding in the browser. */
const TEXT_CONTRAST = 4.6;

/**
 * The text colour of a colour's light variant (Alert titles, light Badges and Buttons). Mantine
 * draws it in shade 9 on shade 1 (shade 2 on hover), which is below 4.5:1 for teal (4.3), green
 * (3.8), orange (3.6), yellow (2.7) and amber, and on the hover shade for most colours: "Check your
 * e-mail" on /register, a teal Alert, failed axe. Shade 9 is darkened until it reaches AA on the
 * hover shade, the darker of the two backgrounds; colours that already pass keep it.
 */
export function lightVariantText(shades: readonly string[]): string {
  const [background, text] = [shades[2]!, shades[9]!];
  let colour = text;
  for (let step = 1; contrastRatio(colour, background) < TEXT_CONTRAST && step <= 20; step += 1) {
    colour = darken(text, step * 0.05);
  }
  return colour;
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-error': ERROR_TEXT,
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        lightVariantText(shades),
      ]),
    ),
  },
  dark: {},
});
