import { Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { newPasswordSchema } from '@ovation/shared/schemas/auth';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

interface NewPasswordFormProps {
  /** Sends the chosen password with the e-mailed link's token; resolves to the server's message. */
  submit: (password: string) => Promise<{ message: string }>;
  onChanged: (message: string) => void;
  /** Wording for the two uses: a reset ('change') and a first password on activation ('activate'). */
  purpose?: 'change' | 'activate';
}

const WORDING = {
  change: {
    form: 'Choose a new password',
    error: 'Your password was not changed',
    password: 'New password',
    confirm: 'Confirm new password',
    button: 'CHANGE PASSWORD',
  },
  activate: {
    form: 'Choose your password',
    error: 'Your account was not activated',
    password: 'Password',
    confirm: 'Confirm password',
    button: 'ACTIVATE ACCOUNT',
  },
};

/** Sets a password with the single-use token from an e-mailed link (reset or activation). */
export function NewPasswordForm({ submit: sendPassword, onChanged, purpose = 'change' }: NewPasswordFormProps) {
  const words = WORDING[purpose];
  // A 'token' error (invalid, used or expired link) matches no field, so it lands in the alert,
  // and a refusal that names no field sends the focus there (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(newPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
    title: words.error,
  });

  const onSubmit = submit(async ({ password }) => onChanged((await sendPassword(password)).message));

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={words.form}>
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <PasswordInput
          label={words.password}
          description="At least 10 characters; not a common password, keyboard run or repeat"
          autoComplete="new-password"
          required
          error={fieldError(errors.password?.message)}
          {...form.register('password')}
        />
        <PasswordInput
          label={words.confirm}
          autoComplete="new-password"
          required
          error={fieldError(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {words.button}
        </Button>
      </Stack>
    </form>
  );
}
