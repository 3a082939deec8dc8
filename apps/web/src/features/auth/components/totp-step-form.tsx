import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useLoginWithTotp } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';

interface TotpStepFormProps {
  challenge: string;
  onSignedIn: (authToken: string) => Promise<void> | void;
  /** Back to e-mail and password (a spent or expired challenge needs a new sign-in). */
  onRestart: () => void;
}

/** The step after a right password for a member with a second factor (decision 0037). */
export function TotpStepForm({ challenge, onSignedIn, onRestart }: TotpStepFormProps) {
  // No schema: the code's own rules below. A refusal that names no field sends the focus to
  // the form's alert (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm<{ code: string }>(null, {
    fields: ['code'],
    defaultValues: { code: '' },
    title: 'Sign-in failed',
  });
  const finish = useLoginWithTotp();

  const onSubmit = submit(async ({ code }) => {
    const { authToken } = await finish.mutateAsync({ challenge, code });
    await onSignedIn(authToken);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Authentication code">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <Text size="sm">Open your authenticator app and enter the 6-digit code it shows for Ovation.</Text>
        <TextInput
          label="Authentication code"
          description="Or one of your recovery codes"
          autoComplete="one-time-code"
          inputMode="text"
          required
          // The step appears after a right password: the code field is where the member goes next.
          autoFocus
          error={fieldError(errors.code?.message)}
          {...form.register('code', {
            required: 'Enter the 6-digit code from your app, or a recovery code',
            minLength: { value: 6, message: 'Enter the 6-digit code from your app, or a recovery code' },
          })}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          VERIFY
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start again with your password
        </Anchor>
      </Stack>
    </form>
  );
}
