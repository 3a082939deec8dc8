import { Button, Stack } from '@mantine/core';
import { resetRequestSchema } from '@ovation/shared/schemas/auth';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useRequestPasswordReset } from '../../../api/auth.ts';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert } from '../../../components/form-feedback.tsx';

/** Asks for a reset link; the answer is neutral so nobody learns which addresses exist. */
export function RequestResetForm({ onSent }: { onSent: (message: string) => void }) {
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(resetRequestSchema, {
    defaultValues: { email: '' },
    title: 'We could not send a reset link',
  });
  const request = useRequestPasswordReset();

  const onSubmit = submit(async (values) => {
    const { message } = await request.mutateAsync(values);
    onSent(message);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Request a password reset">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <EmailInput error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          SEND RESET LINK
        </Button>
      </Stack>
    </form>
  );
}
