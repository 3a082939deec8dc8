/** An e-mail address anywhere in a string (a rejected recipient, a database error's detail…). */
const EMAIL = /[^\s<>"'(),;:@[\]]+@[^\s<>"'(),;:@[\]]+\.[a-z]{2,}/gi;

/** The text with every e-mail address replaced by `[email]`, for logs. */
export function redactEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

function redactDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactEmails(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, depth + 1)]));
}

/**
 * The logger's `err` serializer: type, message, stack and the error's own fields (a database
 * error's code and detail, a mail server's response), with e-mail addresses redacted: a refused
 * recipient or a unique-key detail would otherwise write them to the log (docs/decisions/0016).
 */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: redactEmails(String(err)), stack: '' };
  }
  const fields = redactDeep({ ...(err as unknown as Record<string, unknown>) }, 0) as Record<string, unknown>;
  return {
    ...fields,
    type: err.name,
    message: redactEmails(err.message),
    stack: redactEmails(err.stack ?? ''),
    ...(err.cause !== undefined ? { cause: serializeError(err.cause) } : {}),
  };
}

/** What the logger writes for an error (pino's shape). */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}
