import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFirstError } from './focus-first-error.ts';

const schema = z.object({
  choice: z.number({ error: 'Choose one' }),
  note: z.string().min(1, 'Write a note'),
});

/**
 * A Controller-drawn group of choices above a field registered inline: the order in which React
 * Hook Form registers them (the inline one first) is not the order the form shows them.
 */
function Demo({ onValid = () => {} }: { onValid?: () => void }) {
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { note: '' },
  });
  const ref = useFocusFirstError(form);
  const { errors } = form.formState;
  return (
    <form ref={ref} onSubmit={form.handleSubmit(onValid)} noValidate>
      <Controller
        control={form.control}
        name="choice"
        render={({ field }) => (
          <div role="radiogroup" aria-label="Choice" data-invalid={errors.choice ? true : undefined}>
            {[1, 2].map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={field.value === v}
                onClick={() => field.onChange(v)}
              >
                Option {v}
              </button>
            ))}
          </div>
        )}
      />
      <textarea aria-label="Note" aria-invalid={errors.note ? true : undefined} {...form.register('note')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** A form the server refuses with no field to blame: only its alert says so. */
function Refused() {
  const form = useForm({ shouldFocusError: false, defaultValues: { note: 'Thanks' } });
  const ref = useFocusFirstError(form);
  const [refusal, setRefusal] = useState('');
  const send = form.handleSubmit(async () => {
    await Promise.resolve();
    setRefusal('Your team budget is not enough.');
  });
  return (
    <form ref={ref} onSubmit={send} noValidate>
      {refusal && (
        <div role="alert" tabIndex={-1} data-form-alert>
          {refusal}
        </div>
      )}
      <textarea aria-label="Note" {...form.register('note')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFocusFirstError', () => {
  it('moves the keyboard to the form’s alert when the refusal names no field', async () => {
    render(<Refused />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });

  it('moves the keyboard to the first field in error as the form shows them, not as they registered', async () => {
    render(<Demo />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Option 1' })));
  });

  it('goes on to the next field in error once the first is put right', async () => {
    render(<Demo />);
    fireEvent.click(screen.getByRole('radio', { name: 'Option 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' })));
  });

  it('moves nothing while the member types between submits, nor after a submit without errors', async () => {
    let sent = 0;
    render(<Demo onValid={() => void sent++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const note = screen.getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Option 1' })));
    note.focus();
    fireEvent.change(note, { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Option 1' }));
    note.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toBe(1));
    expect(document.activeElement).toBe(note);
  });
});
