import { describe, expect, it } from 'vitest';
import { REACTIONS, REACTION_LABELS, REACTION_VERBS, reactionVerb } from './vocabulary.ts';
import { EMAIL_PREFERENCE_KINDS, preferencesSchema } from './schemas/notifications.ts';
import { memberBalancesSchema } from './schemas/balances.ts';

describe('shared vocabularies', () => {
  it('names every reaction by its wire number, and says "reacted to" for no reaction', () => {
    expect([1, 2, 3].map(reactionVerb)).toEqual(['liked', 'cheered', 'supported']);
    expect(reactionVerb(4)).toBe('reacted to');
    expect(reactionVerb(null)).toBe('reacted to');
    expect(Object.keys(REACTION_VERBS)).toEqual(Object.keys(REACTIONS));
    expect(Object.keys(REACTION_LABELS)).toEqual(Object.keys(REACTIONS));
  });

  it('the preferences schema asks for exactly the e-mail kinds, in their order', () => {
    const email = Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((k) => [k, false]));
    const parsed = preferencesSchema.parse({ email, weeklyDigest: true, hideCelebrations: false });
    expect(Object.keys(parsed.email)).toEqual(['recognised', 'high5', 'points', 'reaction']);
    const missing = preferencesSchema.safeParse({
      email: { recognised: true },
      weeklyDigest: true,
      hideCelebrations: false,
    });
    expect(missing.success).toBe(false);
  });

  it('balances are three whole numbers', () => {
    const ok = { awardsPointsAvailable: 5, awardsPointsAvailable1: 2, awardsPointsAvailableMng: 0 };
    expect(memberBalancesSchema.parse(ok)).toEqual(ok);
    expect(memberBalancesSchema.safeParse({ ...ok, awardsPointsAvailable: 1.5 }).success).toBe(false);
  });
});
