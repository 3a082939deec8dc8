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

/** One CSV cell: numbers as they are; text neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
