import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from './schemas/auth.ts';
import { passwordWeakness, personalPasswordWeakness } from './password-strength.ts';

describe('passwordWeakness', () => {
  it.each([
    'aaaaaaaaaa',
    '1111111111',
    '1212121212',
    'abababababab',
    '1234567890',
    '0987654321',
    'qwertyuiop',
    'password123',
    'Password1234!',
    'P@ssw0rd2024',
    'iloveyou123',
    'abcdefghij',
    'Ovation-demo-1',
    'ovation2026!',
    'Welcome12345',
    '1q2w3e4r5t',
  ])('refuses %s', (password) => {
    expect(passwordWeakness(password)).not.toBeNull();
    expect(newPasswordSchema.safeParse(password).success).toBe(false);
  });

  it.each(['Correct-horse-42', 'A-new-password-1', 'Brand-new-pass-9', 'tuesday lamp orbit', 'k7#Qm2!vXp'])(
    'accepts %s',
    (password) => {
      expect(passwordWeakness(password)).toBeNull();
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    },
  );
});

describe('personalPasswordWeakness (L3)', () => {
  const who = { firstName: 'Thandi', surname: 'Nkosi-Dlamini', email: 'lindiwe.audit@firm.test' };

  it('refuses a password made of the member’s name or e-mail address, however decorated', () => {
    for (const password of [
      'Thandi2026!!',
      'nkosi.thandi1',
      'lindiwe.audit',
      'LINDIWE-2026-audit',
      'Th@nd1Nk0s1!',
      'dlamini12345',
    ]) {
      expect(personalPasswordWeakness(password, who), password).not.toBeNull();
    }
  });

  it('takes a password that is more than the name', () => {
    for (const password of ['Correct-horse-42', 'Thandi likes green tea', 'lindiwe.audit.plus.more']) {
      expect(personalPasswordWeakness(password, who), password).toBeNull();
    }
    expect(personalPasswordWeakness('Al-2026-2026', { firstName: 'Al', surname: 'Li', email: null })).toBeNull();
  });
});
