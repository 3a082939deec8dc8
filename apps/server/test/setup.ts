// Any console.error during a server test is a failure: errors must be handled and logged by pino.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '))[0];
    throw new Error(`console.error was called: ${first}`);
  }
});
