import { describe, expect, it } from 'vitest';
import { neutraliseFormula, neutraliseXlsxText } from './spreadsheet-cells.ts';

describe('spreadsheet cells against formula injection', () => {
  it('CSV: every cell starting with = + - @ or a tab gets the apostrophe (OWASP)', () => {
    for (const text of ['=1+2', '+27 82 555 0101', '-5', '@SUM(A1)', '\tx'])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(neutraliseFormula('plain')).toBe('plain');
  });

  it('XLSX text cells: only what would call something if the cell were edited', () => {
    for (const text of ['=HYPERLINK("http://evil","x")', '@SUM(A1)', "-2+3+cmd|' /C calc'!A0", '+SUM(A1:A2)', '\t=1']) {
      expect(neutraliseXlsxText(text), text).toBe(`'${text}`);
    }
    for (const text of ['+27 82 555 0101', '-5', '(012) 345 6789', 'Naledi', '66.7']) {
      expect(neutraliseXlsxText(text), text).toBe(text);
    }
  });
});
