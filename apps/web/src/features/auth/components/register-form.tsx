import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerRequestSchema } from '@ovation/shared/schemas/registration';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useFocusFirstError } from '../../../lib/focus-first-error.ts';
import { useRegister } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

const FIELDS = ['employeeNumber', 'email'] as const;

/**
 * Asks for an activation link. The answer is the same whatever matched, so nobody learns who
 * works here or who has registered; the password is chosen from the e-mailed link.
 */
export function RegisterForm({ onRequested }: { onRequested: (message: string) => void }) {
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(registerRequestSchema),
    defaultValues: { employeeNumber: '', email: '' },
  });
  const server = useServerErrors(form, FIELDS, { title: 'We could not register you' });
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const formRef = useFocusFirstError(form);
  const register = useRegister();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    await server.run(async () => onRequested((await register.mutateAsync(body)).message));
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Register">
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
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          REGISTER
        </Button>
      </Stack>
    </form>
  );
}
