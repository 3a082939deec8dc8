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
