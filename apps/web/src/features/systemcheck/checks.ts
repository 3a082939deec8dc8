/** One line of the System check (decision 0039). */
export type CheckState = 'checking' | 'ok' | 'warning' | 'problem';

export interface CheckResult {
  state: CheckState;
  /** What was found, in a sentence a member can read out to support. */
  detail: string;
}

export const CHECKING: CheckResult = { state: 'checking', detail: 'Checking…' };

/** Beyond this the member's clock is far enough off to notice (dates of check-ins, "today"). */
export const CLOCK_SKEW_WARNING_MS = 2 * 60 * 1000;
/** A round trip slower than this is worth telling support about. */
export const SLOW_ROUND_TRIP_MS = 1500;

export function describeServer(roundTripMs: number): CheckResult {
  return roundTripMs > SLOW_ROUND_TRIP_MS
    ? { state: 'warning', detail: `The portal answered, slowly: ${roundTripMs} ms for one round trip.` }
    : { state: 'ok', detail: `The portal answered in ${roundTripMs} ms.` };
}

/**
 * Compares the device's clock with the server's Date header (whole seconds, so differences
 * under a second are not meaningful and a few seconds are normal).
 */
export function describeClock(serverTime: Date | null, deviceTime: Date): CheckResult {
  if (!serverTime)
    return { state: 'warning', detail: 'The server did not say its time, so the clock was not compared.' };
  const skew = deviceTime.getTime() - serverTime.getTime();
  if (Math.abs(skew) <= CLOCK_SKEW_WARNING_MS)
    return { state: 'ok', detail: 'Your device clock agrees with the portal.' };
  const minutes = Math.round(Math.abs(skew) / 60000);
  const way = skew > 0 ? 'ahead of' : 'behind';
  return {
    state: 'warning',
    detail: `Your device clock is about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ${way} the portal: dates may look wrong.`,
  };
}

export function describeStorage(cookieEnabled: boolean, sessionStorageWorks: boolean): CheckResult {
  if (!sessionStorageWorks)
    return {
      state: 'problem',
      detail: 'This browser does not let the portal keep your sign-in (session storage is blocked).',
    };
  if (!cookieEnabled)
    return { state: 'problem', detail: 'Cookies are blocked: the portal needs them to protect your changes.' };
  return { state: 'ok', detail: 'Cookies and session storage work.' };
}

/** Whether session storage accepts a write and reads it back (private modes may refuse). */
export function sessionStorageWorks(storage: Storage | undefined): boolean {
  if (!storage) return false;
  try {
    const key = 'ovation-system-check';
    storage.setItem(key, '1');
    const ok = storage.getItem(key) === '1';
    storage.removeItem(key);
    return ok;
  } catch {
    return false;
  }
}

export interface ReportLine {
  label: string;
  result: CheckResult;
}

const STATE_WORD: Record<CheckState, string> = {
  checking: 'CHECKING',
  ok: 'OK',
  warning: 'WARNING',
  problem: 'PROBLEM',
};

/** The plain-text report the member copies into a message to support. */
export function plainReport(lines: readonly ReportLine[], facts: readonly [string, string][], at: Date): string {
  return [
    `System check, ${at.toISOString()}`,
    ...lines.map((l) => `${STATE_WORD[l.result.state]}  ${l.label}: ${l.result.detail}`),
    ...facts.map(([k, v]) => `${k}: ${v}`),
  ].join('\n');
}
