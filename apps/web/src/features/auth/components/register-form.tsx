import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { registerRequestSchema } from '@ovation/shared/schemas/auth';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useRegister } from '../api/register.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

// The confirmation is checked here only; the server never sees it.
const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

const FIELDS = ['employeeNumber', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { employeeNumber: '', email: '', password: '', confirmPassword: '' },
  });
  const server = useServerErrors(form, FIELDS, { title: 'We could not register you' });
  const register = useRegister();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    // 400 unknown member and 409 already registered carry a message meant for the member.
    await server.run(async () => onRegistered((await register.mutateAsync(body)).message));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="Employee number"
          autoComplete="off"
          required
          error={fieldError(errors.employeeNumber?.message)}
          {...form.register('employeeNumber')}
        />
        <TextInput
          label="Work e-mail address"
          type="email"
          autoComplete="email"
          required
          error={fieldError(errors.email?.message)}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          description="At least 10 characters"
          autoComplete="new-password"
          required
          error={fieldError(errors.password?.message)}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          error={fieldError(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          REGISTER
        </Button>
      </Stack>
    </form>
  );
}
