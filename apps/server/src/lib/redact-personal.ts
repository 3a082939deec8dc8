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
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return redactDeep(err, 0);
  const fields: Record<string, unknown> = { ...(err as unknown as Record<string, unknown>) };
  const out: Record<string, unknown> = { type: err.name, message: err.message, stack: err.stack, ...fields };
  if (err.cause !== undefined) out.cause = serializeError(err.cause);
  return redactDeep(out, 0);
}
