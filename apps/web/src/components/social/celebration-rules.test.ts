import { describe, expect, it } from 'vitest';
import { anniversaryText, celebrationMemberId, celebrationText, isRegisteredCelebration } from './celebration-rules.ts';

describe('celebration rules', () => {
  it('counts a member as registered when the id before the hash is not 0', () => {
    expect(isRegisteredCelebration('123#ab12')).toBe(true);
    expect(isRegisteredCelebration('0#ab12')).toBe(false);
    expect(isRegisteredCelebration('0')).toBe(false);
    expect(isRegisteredCelebration('')).toBe(false);
    expect(celebrationMemberId('77#zz')).toBe('77');
  });

  it("says 'Year' for 1 and 'Years' otherwise", () => {
    expect(anniversaryText(1)).toBe('1 Year');
    expect(anniversaryText(2)).toBe('2 Years');
    expect(anniversaryText(0)).toBe('0 Years');
    expect(celebrationText({ what: 'ANNIV', years: 1 })).toBe('1 Year anniversary');
    expect(celebrationText({ what: 'BDAY', years: 0 })).toBe('Birthday');
  });
});
