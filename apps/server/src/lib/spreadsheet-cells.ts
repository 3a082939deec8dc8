/**
 * Spreadsheet formula injection (OWASP "CSV injection"): text starting with = + - @ or a tab /
 * carriage return gets a leading apostrophe so a spreadsheet never runs it as a formula.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV cell: numbers as they are; text neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
