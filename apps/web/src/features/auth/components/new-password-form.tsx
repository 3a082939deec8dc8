import { Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema } from '@ovation/shared/schemas/auth';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

// A 'token' error (invalid, used or expired link) matches no field, so it lands in the alert.
const FIELDS = ['password', 'confirmPassword'] as const;

interface NewPasswordFormProps {
  token: string;
  onChanged: (message: string) => void;
}

export function NewPasswordForm({ token, onChanged }: NewPasswordFormProps) {
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const server = useServerErrors(form, FIELDS, { title: 'Your password was not changed' });
  const reset = useResetPassword();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    await server.run(async () => onChanged((await reset.mutateAsync({ token, password })).message));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <PasswordInput
          label="New password"
          description="At least 10 characters"
          autoComplete="new-password"
          required
          error={fieldError(errors.password?.message)}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={fieldError(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          CHANGE PASSWORD
        </Button>
      </Stack>
    </form>
  );
}
