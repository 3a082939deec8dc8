import { useCallback, useState } from 'react';
import type { FieldPath, FieldValues, UseFormClearErrors, UseFormSetError } from 'react-hook-form';
import type { ProblemDetails } from '@ovation/shared/errors';
import { INVALID_REQUEST_TEXT } from './api-error.ts';

/**
 * Server form errors (spec §5): a problem+json body may carry a form-level `message`/`title`
 * and/or `errors` keyed by field name. Fields get their own messages; everything that matches
 * no field is kept as one combined text shown above the form with the title.
 */
export interface FormErrorState {
  title: string;
  text: string;
}

export interface ServerErrors<TName extends string = string> extends FormErrorState {
  /** Messages per known form field, several joined by line breaks. */
  fields: Partial<Record<TName, string>>;
}

export const NO_FORM_ERRORS: FormErrorState = Object.freeze({ title: '', text: '' });

const FALLBACK_TEXT = 'An unexpected error occurred. Please try again.';

/** Duck-typed so this module does not depend on the api client (and is easy to test). */
function problemOf(error: unknown): Partial<ProblemDetails> | null {
  if (!error || typeof error !== 'object' || !('problem' in error)) return null;
  const problem = (error as { problem: unknown }).problem;
  return problem && typeof problem === 'object' ? (problem as Partial<ProblemDetails>) : null;
}

/** A 400 problem with a title and a status but neither a message nor errors (spec §8). */
function isBareInvalidRequest(problem: Partial<ProblemDetails>): boolean {
  return problem.status === 400 && problem.errors === undefined;
}

function messagesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
}

/** Reads a rejected request into field messages plus a combined form-level title and text. */
export function readServerErrors<TName extends string>(
  error: unknown,
  fieldNames: readonly TName[],
): ServerErrors<TName> {
  const byLowerName = new Map(fieldNames.map((name) => [name.toLowerCase(), name] as const));
  const problem = problemOf(error);
  const fields: Partial<Record<TName, string>> = {};
  const formLines: string[] = [];

  if (!problem) {
    const message = error instanceof Error && error.message ? error.message : FALLBACK_TEXT;
    return { title: '', text: message, fields };
  }

  formLines.push(...messagesOf(problem.message ?? problem.detail));
  for (const [key, value] of Object.entries(problem.errors ?? {})) {
    const messages = messagesOf(value);
    const field = byLowerName.get(key.toLowerCase());
    if (!field) {
      formLines.push(...messages);
    } else if (messages.length > 0) {
      const before = fields[field];
      fields[field] = [...(before ? [before] : []), ...messages].join('\n');
    }
  }

  const title = problem.title ?? '';
  const hasAny = formLines.length > 0 || Object.keys(fields).length > 0;
  if (!hasAny && title && isBareInvalidRequest(problem)) {
    // Spec §8: a 400 with a title and status but no errors reads as an invalid request,
    // followed by the title and TraceId.
    const traceId = (problem as { traceId?: unknown }).traceId;
    return { title: '', text: `${INVALID_REQUEST_TEXT}\n${title}\nTraceId: ${String(traceId ?? '')}`, fields };
  }
  // Any other bare title (no message, no errors) is the only description there is (spec §8).
  const text = hasAny ? formLines.join('\n') : title || FALLBACK_TEXT;
  return { title: hasAny ? title : '', text, fields };
}

/**
 * Marks every field that has a non-empty server message as invalid and returns the form-level
 * title and text. `options.title` lets a screen name the failure in its own words.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly FieldPath<T>[],
  options: { title?: string } = {},
): FormErrorState {
  const { title, text, fields } = readServerErrors(error, fieldNames);
  let first = true;
  for (const name of fieldNames) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return { title: options.title ?? title, text };
}

/** Clears every field error and the form-level error (spec §5: a reset clears all). */
export function resetServerErrors<T extends FieldValues>(clearErrors: UseFormClearErrors<T>): FormErrorState {
  clearErrors();
  return NO_FORM_ERRORS;
}

/** Holds the form-level error of one form next to react-hook-form's field errors. */
export function useServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; clearErrors: UseFormClearErrors<T> },
  fieldNames: readonly FieldPath<T>[],
  options: { title?: string } = {},
) {
  const [formError, setFormError] = useState<FormErrorState>(NO_FORM_ERRORS);
  const { setError, clearErrors } = form;
  const { title } = options;
  const apply = useCallback(
    (error: unknown) => setFormError(applyServerErrors(error, setError, fieldNames, { title })),
    // fieldNames is a module-level constant in every caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setError, title],
  );
  const reset = useCallback(() => setFormError(resetServerErrors(clearErrors)), [clearErrors]);
  /** Runs a submission: clears old errors first, and shows the server's errors if it fails. */
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      reset();
      try {
        await action();
      } catch (error) {
        apply(error);
      }
    },
    [reset, apply],
  );
  return { formError, apply, reset, run };
}
