import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import {
  applyServerErrors,
  NO_FORM_ERRORS,
  readServerErrors,
  resetServerErrors,
  useServerErrors,
} from './form-errors.ts';

const fields = ['email', 'cellNum', 'password'] as const;
const rejected = (problem: unknown) => Object.assign(new Error('Request failed'), { status: 400, problem });
const VALIDATION = 'One or more validation errors occurred.';

describe('readServerErrors (spec §5)', () => {
  it('keeps a form-level message with its title', () => {
    const result = readServerErrors(
      rejected({ title: 'Conflict', status: 409, message: 'Already registered.' }),
      fields,
    );
    expect(result).toEqual({ title: 'Conflict', text: 'Already registered.', fields: {} });
  });

  it('matches error keys to form fields ignoring case', () => {
    const result = readServerErrors(
      rejected({ title: VALIDATION, errors: { EMAIL: ['Bad e-mail'], CellNum: ['Short'] } }),
      fields,
    );
    expect(result.fields).toEqual({ email: 'Bad e-mail', cellNum: 'Short' });
    expect(result.text).toBe('');
    expect(result.title).toBe(VALIDATION);
  });

  it('joins several messages for one field with line breaks', () => {
    const result = readServerErrors(
      rejected({ title: VALIDATION, errors: { password: ['Too short', 'Too plain'] } }),
      fields,
    );
    expect(result.fields.password).toBe('Too short\nToo plain');
  });

  it('merges keys that differ only in case into one field', () => {
    const result = readServerErrors(rejected({ errors: { email: ['One'], Email: ['Two'] } }), fields);
    expect(result.fields.email).toBe('One\nTwo');
  });

  it('combines the message and unknown keys into one form-level text', () => {
    const result = readServerErrors(
      rejected({
        title: VALIDATION,
        message: 'Please check the form.',
        errors: { body: ['Unreadable'], email: ['Bad'] },
      }),
      fields,
    );
    expect(result.text).toBe('Please check the form.\nUnreadable');
    expect(result.fields).toEqual({ email: 'Bad' });
  });

  it('does not mark a field whose messages are empty', () => {
    const result = readServerErrors(
      rejected({ title: VALIDATION, errors: { email: [], cellNum: [''], password: ['  '] } }),
      fields,
    );
    expect(result.fields).toEqual({});
  });

  it('uses a bare title as the text', () => {
    const result = readServerErrors(rejected({ title: 'An unexpected error occurred.', status: 500 }), fields);
    expect(result).toEqual({ title: '', text: 'An unexpected error occurred.', fields: {} });
  });

  it('reads a 400 with only a title and status as an invalid request, with title and TraceId (spec §8)', () => {
    const result = readServerErrors(rejected({ title: 'Bad Request', status: 400, traceId: 'abc-123' }), fields);
    expect(result).toEqual({
      title: '',
      text: 'Error: A request to the server is invalid. Please refresh the page or login again:\nBad Request\nTraceId: abc-123',
      fields: {},
    });
  });

  it('falls back to the error message when there is no problem body', () => {
    const network = Object.assign(new Error('A network connection error has occured.'), { status: 0, problem: null });
    expect(readServerErrors(network, fields).text).toBe('A network connection error has occured.');
    expect(readServerErrors('boom', fields).text).toMatch(/unexpected error/);
  });
});

describe('applyServerErrors', () => {
  it('marks each field with a message invalid, focusing the first, and returns the form error', () => {
    const setError = vi.fn();
    const state = applyServerErrors(
      rejected({ title: VALIDATION, message: 'Check the form', errors: { cellnum: ['Short'], email: ['Bad'] } }),
      setError,
      [...fields],
    );
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(1, 'email', { type: 'server', message: 'Bad' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'cellNum',
      { type: 'server', message: 'Short' },
      { shouldFocus: false },
    );
    expect(state).toEqual({ title: VALIDATION, text: 'Check the form' });
  });

  it('lets the screen name the failure', () => {
    const state = applyServerErrors(rejected({ title: 'Unauthorized', message: 'Wrong' }), vi.fn(), [...fields], {
      title: 'Sign-in failed',
    });
    expect(state).toEqual({ title: 'Sign-in failed', text: 'Wrong' });
  });
});

describe('reset', () => {
  it('resetServerErrors clears every field error and the form error', () => {
    const clearErrors = vi.fn();
    expect(resetServerErrors(clearErrors)).toEqual(NO_FORM_ERRORS);
    expect(clearErrors).toHaveBeenCalledWith();
  });

  it('useServerErrors applies to a real form and reset clears all', () => {
    const { result } = renderHook(() => {
      const form = useForm<{ email: string; cellNum: string }>({ defaultValues: { email: '', cellNum: '' } });
      const server = useServerErrors(form, ['email', 'cellNum']);
      // Reading formState.errors during render subscribes to it (react-hook-form proxy).
      return { errors: form.formState.errors, server };
    });
    act(() =>
      result.current.server.apply(rejected({ title: VALIDATION, message: 'Oops', errors: { Email: ['Taken'] } })),
    );
    expect(result.current.errors.email?.message).toBe('Taken');
    expect(result.current.server.formError).toEqual({ title: VALIDATION, text: 'Oops' });

    act(() => result.current.server.reset());
    expect(result.current.errors.email).toBeUndefined();
    expect(result.current.server.formError).toEqual(NO_FORM_ERRORS);
  });
});
