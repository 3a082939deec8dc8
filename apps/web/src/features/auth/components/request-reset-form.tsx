import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { resetRequestSchema } from '@ovation/shared/schemas/auth';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useFocusFirstError } from '../../../lib/focus-first-error.ts';
import { useRequestPasswordReset } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

const FIELDS = ['email'] as const;

/** Asks for a reset link; the answer is neutral so nobody learns which addresses exist. */
export function RequestResetForm({ onSent }: { onSent: (message: string) => void }) {
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });
  const server = useServerErrors(form, FIELDS, { title: 'We could not send a reset link' });
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const formRef = useFocusFirstError(form);
  const request = useRequestPasswordReset();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const { message } = await request.mutateAsync(values);
      onSent(message);
    }),
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Request a password reset">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          error={fieldError(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          SEND RESET LINK
        </Button>
      </Stack>
    </form>
  );
}
