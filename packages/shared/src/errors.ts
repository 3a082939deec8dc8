/**
 * RFC 9457 problem details as this API sends them (architecture.md §3).
 * Validation failures carry `errors` keyed by field; business refusals carry `message`.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  message?: string;
  errors?: Record<string, string[]>;
  traceId: string;
}

export const PROBLEM_TYPES = {
  validation: 'https://ovation.example/problems/validation',
  unauthorized: 'https://ovation.example/problems/unauthorized',
  forbidden: 'https://ovation.example/problems/forbidden',
  notFound: 'https://ovation.example/problems/not-found',
  conflict: 'https://ovation.example/problems/conflict',
  /** 409 for a request whose Idempotency-Key is held by one still being processed: retry with the same key. */
  inFlight: 'https://ovation.example/problems/in-flight',
  rateLimited: 'https://ovation.example/problems/rate-limited',
  business: 'https://ovation.example/problems/business-rule',
  xsrf: 'https://ovation.example/problems/xsrf',
  server: 'https://ovation.example/problems/server-error',
} as const;
