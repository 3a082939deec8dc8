/**
 * The weak-password rule (docs/decisions/0018), checked on every new password (register
 * activation, reset) by `newPasswordSchema`, so the forms and the server agree. On top of the
 * 10-character minimum a password is refused when it:
 * - has fewer than 5 different characters (`aaaaaaaaaa`, `1212121212`), or repeats one short
 *   piece (`abcdeabcde`);
 * - is a run on the keyboard or in the alphabet or digits (`1234567890`, `qwertyuiop`,
 *   `1q2w3e4r5t`, `abcdefghij`, or backwards);
 * - is a common password or this site's name with only digits or symbols around it or
 *   letters swapped for look-alikes (`Password123!`, `P@ssw0rd2024`, `Ovation-demo-1`).
 */
const RUNS = [
  '01234567890',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertyuiopasdfghjklzxcvbnm',
  '1q2w3e4r5t6y7u8i9o0p',
  '1qaz2wsx3edc4rfv5tgb',
  'qazwsxedcrfvtgbyhnujm',
];

const COMMON_WORDS = new Set([
  'password',
  'passwort',
  'passwd',
  'passw',
  'pass',
  'qwerty',
  'qwertz',
  'azerty',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'changeme',
  'secret',
  'monkey',
  'dragon',
  'sunshine',
  'football',
  'baseball',
  'soccer',
  'princess',
  'superman',
  'batman',
  'trustno',
  'master',
  'login',
  'hello',
  'helloworld',
  'freedom',
  'whatever',
  'starwars',
  'shadow',
  'michael',
  'jesus',
  'god',
  'love',
  'summer',
  'winter',
  'spring',
  'autumn',
  'ovation',
  'ovationdemo',
  'kudos',
  'kudosrewards',
  'rewards',
  'employee',
  'company',
  'test',
  'testing',
  'user',
  'guest',
  'default',
]);

const LOOK_ALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '3': 'e',
  $: 's',
  '5': 's',
  '1': 'i',
  '!': 'i',
  '7': 't',
};

function isRun(value: string): boolean {
  return RUNS.some((run) => run.includes(value) || [...run].reverse().join('').includes(value));
}

function isRepeat(value: string): boolean {
  for (let size = 1; size <= value.length / 2; size++) {
    if (value.length % size === 0 && value.slice(0, size).repeat(value.length / size) === value) return true;
  }
  return false;
}

/** The word under the decoration: digits and symbols trimmed from both ends, look-alikes undone. */
function baseWord(password: string): string {
  const trimmed = password.toLowerCase().replace(/^[^a-z@$]+|[^a-z]+$/g, '');
  const undone = [...trimmed].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return undone.replace(/[^a-z]/g, '');
}

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Avoid common passwords, the site’s name, keyboard runs and repeated characters.';

/** Why the password is too weak, or null when it passes the rule. */
export function passwordWeakness(password: string): string | null {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 5 || isRepeat(lower)) return WEAK_PASSWORD_MESSAGE;
  if (isRun(lower.replace(/[\s_-]/g, ''))) return WEAK_PASSWORD_MESSAGE;
  if (COMMON_WORDS.has(baseWord(password))) return WEAK_PASSWORD_MESSAGE;
  return null;
}

export const PERSONAL_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is made of your name or e-mail address. Choose words that are not about you.';

/** Lower-case letters only, with look-alikes undone (`Th@nd1` → `thandi`) or not. */
const lettersOf = (text: string, undo = true) =>
  [...text.toLowerCase()]
    .map((c) => (undo ? (LOOK_ALIKES[c] ?? c) : c))
    .join('')
    .replace(/[^a-z]/g, '');

/**
 * Why the password is too weak for this member (issue 43, L3), or null: refused when, once the
 * member's first name, surname and the parts of their e-mail address's local part are taken out,
 * fewer than 3 letters are left (`Thandi2026!!`, `nkosi.thandi1`, `lindiwe.audit`). Checked by the
 * server where the member is known (activation, reset, change), on top of `passwordWeakness`.
 */
export function personalPasswordWeakness(
  password: string,
  who: { firstName: string; surname: string; email: string | null },
): string | null {
  const local = (who.email ?? '').split('@')[0] ?? '';
  const parts = [who.firstName, who.surname, local, ...local.split(/[^A-Za-z]+/), ...who.surname.split(/[\s-]+/)]
    .map((p) => lettersOf(p))
    .filter((p) => p.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (parts.length === 0) return null;
  // Digits may be look-alikes (`Nk0s1`) or only digits (`Thandi2026`): either reading counts.
  const weak = [true, false].some((undo) => {
    let left = lettersOf(password, undo);
    for (const part of parts) left = left.split(part).join('');
    return left.length < 3;
  });
  return weak ? PERSONAL_PASSWORD_MESSAGE : null;
}
