import { Button, Stack, TextInput } from '@mantine/core';
import { registerRequestSchema } from '@ovation/shared/schemas/registration';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useRegister } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

/**
 * Asks for an activation link. The answer is the same whatever matched, so nobody learns who
 * works here or who has registered; the password is chosen from the e-mailed link.
 */
export function RegisterForm({ onRequested }: { onRequested: (message: string) => void }) {
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(registerRequestSchema, {
    defaultValues: { employeeNumber: '', email: '' },
    title: 'We could not register you',
  });
  const register = useRegister();

  const onSubmit = submit(async (body) => onRequested((await register.mutateAsync(body)).message));

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
