import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from './schemas/auth.ts';
import { passwordWeakness } from './password-strength.ts';

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
