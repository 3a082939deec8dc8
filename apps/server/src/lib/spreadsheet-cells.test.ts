import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, neutraliseXlsxText } from './spreadsheet-cells.ts';

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

  it('CSV: a cell holding any separator a spreadsheet may split on is quoted, so no part starts a formula', () => {
    expect(csvCell('x;=HYPERLINK("http://evil","y")')).toBe('"x;=HYPERLINK(""http://evil"",""y"")"');
    expect(csvCell('a\t=1+1')).toBe('"a\t=1+1"');
    expect(csvCell('Thanks, team')).toBe('"Thanks, team"');
    expect(csvCell('plain words')).toBe('plain words');
    expect(csvCell(12.5)).toBe('12.5');
  });
});
