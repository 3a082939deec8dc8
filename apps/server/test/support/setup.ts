// Any console.error during a server test is a failure: errors must be handled and logged by pino.
// The server projects share module state between test files (isolate: false), so this file runs
// once per file in the same process: console.error is wrapped once, and each file checks the list.
import { afterEach, vi } from 'vitest';

const shared = globalThis as { consoleErrors?: unknown[][] };
if (!shared.consoleErrors) {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  shared.consoleErrors = errors;
}
const errors = shared.consoleErrors;
errors.length = 0;

afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '))[0];
    throw new Error(`console.error was called: ${first}`);
  }
});
