import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { FormAlert, fieldError } from '../components/form-feedback.tsx';
import { TestWrapper } from '../test/test-wrapper.tsx';
import { schemaFieldNames, useSchemaForm } from './schema-form.ts';

const schema = z
  .object({
    name: z.string().min(1, 'Enter your name'),
    email: z.string().min(1, 'Enter your e-mail address'),
  })
  .refine((v) => v.name !== v.email, { message: 'Not your e-mail', path: ['name'] });

const rejected = (problem: unknown) => Object.assign(new Error('Request failed'), { status: 400, problem });

function Demo({ send }: { send: (values: { name: string; email: string }) => Promise<unknown> }) {
  const { formRef, server, errors, isSubmitting, submit, form } = useSchemaForm(schema, {
    defaultValues: { name: '', email: '' },
    title: 'You were not signed up',
  });
  return (
    <form ref={formRef} onSubmit={submit(send)} noValidate>
      <FormAlert error={server.formError} />
      <label>
        Name
        <input aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
      </label>
      <span>{fieldError(errors.name?.message)}</span>
      <label>
        E-mail
        <input aria-invalid={errors.email ? true : undefined} {...form.register('email')} />
      </label>
      <span>{fieldError(errors.email?.message)}</span>
      <button type="submit" disabled={isSubmitting}>
        Send
      </button>
    </form>
  );
}

/** Renders the demo, fills both fields in rightly and sends. */
function sendFilledIn(send: (values: { name: string; email: string }) => Promise<unknown>) {
  render(<Demo send={send} />, { wrapper: TestWrapper });
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Thandi' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'thandi@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('schemaFieldNames', () => {
  it('reads the keys of an object, refined or not', () => {
    expect(schemaFieldNames(schema)).toEqual(['name', 'email']);
    expect(schemaFieldNames(z.object({ a: z.string(), b: z.number() }))).toEqual(['a', 'b']);
  });

  it('reads the keys a pipe validates first', () => {
    const piped = z.object({ day: z.string(), time: z.string() }).transform((v) => `${v.day}T${v.time}`);
    expect(schemaFieldNames(piped as never)).toEqual(['day', 'time']);
  });

  it('refuses a schema with no keys to read', () => {
    expect(() => schemaFieldNames(z.string() as never)).toThrow(/fields/);
  });
});

describe('useSchemaForm', () => {
  it('takes the field names from the schema, or from `fields`', () => {
    const { result } = renderHook(() => useSchemaForm(schema, { defaultValues: { name: 'A', email: 'B' } }));
    const refusal = rejected({ title: 'Invalid', errors: { email: ['Taken'], Other: ['Something else'] } });
    act(() => result.current.server.apply(refusal));
    expect(result.current.form.getFieldState('email').error?.message).toBe('Taken');
    expect(result.current.server.formError).toEqual({ title: 'Invalid', text: 'Something else' });

    const only = renderHook(() => useSchemaForm(schema, { fields: ['name'] }));
    act(() => only.result.current.server.apply(refusal));
    expect(only.result.current.form.getFieldState('email').error).toBeUndefined();
    expect(only.result.current.server.formError.text).toBe('Taken\nSomething else');
  });

  it('validates with the schema and focuses the first field in error as the form shows it', async () => {
    const send = vi.fn(async () => {});
    render(<Demo send={send} />, { wrapper: TestWrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    expect(send).not.toHaveBeenCalled();
  });

  it('submits the values and marks the fields a server 400 names, with the form-level text and title', async () => {
    const send = vi.fn(async () => {
      throw rejected({
        title: 'One or more validation errors occurred.',
        status: 400,
        message: 'Please check the form.',
        errors: { email: ['Already registered'] },
      });
    });
    sendFilledIn(send);
    expect(await screen.findByText('Already registered')).toBeTruthy();
    expect(send).toHaveBeenCalledWith({ name: 'Thandi', email: 'thandi@example.com' }, expect.anything());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('You were not signed up');
    expect(alert.textContent).toContain('Please check the form.');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('sends the keyboard to the alert when the refusal names no field, and clears it on the next submit', async () => {
    let refuse = true;
    const send = vi.fn(async () => {
      if (refuse) throw rejected({ title: 'Too many requests', status: 429, message: 'Try again later.' });
    });
    sendFilledIn(send);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('uses a resolver of its own with the fields it names', async () => {
    type Code = { code: string };
    const resolver = vi.fn<Resolver<Code, unknown>>(async (values): Promise<ResolverResult<Code>> => {
      if (values.code) return { values, errors: {} };
      return { values: {}, errors: { code: { type: 'required', message: 'Enter the code' } } };
    });
    const { result } = renderHook(() =>
      useSchemaForm<{ code: string }>(null, { resolver, fields: ['code'], defaultValues: { code: '' } }),
    );
    const handler = vi.fn();
    await act(() => result.current.submit(handler)());
    expect(resolver).toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors.code?.message).toBe('Enter the code');
  });
});
