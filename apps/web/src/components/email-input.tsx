import { TextInput, type TextInputProps } from '@mantine/core';
import { fieldError } from './form-feedback.tsx';

/**
 * The e-mail address field of every form that asks for one: its label, keyboard and autofill,
 * and the field's message. Spread the form's registration over it:
 * `<EmailInput error={errors.email?.message} {...form.register('email')} />`.
 */
export function EmailInput({ error, ...props }: Omit<TextInputProps, 'error'> & { error?: string }) {
  return (
    <TextInput label="E-mail address" type="email" autoComplete="email" required error={fieldError(error)} {...props} />
  );
}
