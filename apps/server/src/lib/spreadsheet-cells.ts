/**
 * Spreadsheet formula injection (OWASP "CSV injection"): text starting with = + - @ or a tab /
 * carriage return gets a leading apostrophe so a spreadsheet never runs it as a formula.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The same for a text-typed XLSX cell, which a spreadsheet shows as text: only text that would
 * turn into a formula calling something if the cell were edited (= or @ first, or + or - followed
 * by a name or a bracket) gets the apostrophe; "+27 82 555 0101" and "-5" stay as they are.
 */
export function neutraliseXlsxText(text: string): string {
  return /^[=@\t\r]/.test(text) || /^[+-].*[A-Za-z(!|]/s.test(text) ? `'${text}` : text;
}

/**
 * When a CSV cell is quoted: it holds a quote, a line break, or any separator a spreadsheet may
 * split on — the comma, and the semicolon and tab that locales using a decimal comma split on, so
 * "x;=1+1" never becomes a second cell starting with a formula there (issue 43, L6).
 */
export const CSV_NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV cell: numbers as they are; text neutralised, then quoted when it needs it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return CSV_NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
