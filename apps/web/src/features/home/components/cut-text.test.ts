import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text.ts';

describe('cutText', () => {
  it("cuts after 25 characters and adds '...'", () => {
    expect(cutText('Bohemian Rhapsody by Queen, live at Wembley')).toBe('Bohemian Rhapsody by Quee...');
    expect(cutText('x'.repeat(26))).toBe(`${'x'.repeat(25)}...`);
  });

  it('keeps text of 25 characters or fewer as it is', () => {
    expect(cutText('x'.repeat(25))).toBe('x'.repeat(25));
    expect(cutText('')).toBe('');
    expect(cutText(null)).toBe('');
  });
});
