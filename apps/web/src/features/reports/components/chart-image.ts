/**
 * Props for a chart's drawing (the charts library's svg): an image with a name, instead of the
 * library's unnamed role="application". Its figures are text elsewhere, in a table beside it
 * (decision 0098); the keyboard can still step through the points for the tooltip.
 */
export const chartImage = (label: string) => ({ role: 'img', 'aria-label': label }) as const;
