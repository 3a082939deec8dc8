import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { TotpEnrolment } from '@ovation/shared/schemas/auth';
import { useConfirmTotp, useStartTotpEnrolment, useTotpStatus } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';

function PasswordStep({ onStarted }: { onStarted: (enrolment: TotpEnrolment) => void }) {
  const form = useForm({ defaultValues: { currentPassword: '' } });
  const server = useServerErrors(form, ['currentPassword'] as const, { title: 'The second factor was not set up' });
  const start = useStartTotpEnrolment();
  const onSubmit = form.handleSubmit((values) => server.run(async () => onStarted(await start.mutateAsync(values))));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set up the second factor">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          error={fieldError(form.formState.errors.currentPassword?.message)}
          {...form.register('currentPassword', { required: 'Enter your current password' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SET UP AUTHENTICATOR APP
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmStep({ enrolment, onConfirmed }: { enrolment: TotpEnrolment; onConfirmed: (codes: string[]) => void }) {
  const form = useForm({ defaultValues: { code: '' } });
  const server = useServerErrors(form, ['code'] as const, { title: 'The second factor is not on yet' });
  const confirm = useConfirmTotp();
  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => onConfirmed((await confirm.mutateAsync(values)).recoveryCodes)),
  );
  return (
    <Stack gap="md">
      <Text size="sm">
        Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password), or type the key into it.
      </Text>
      <Image src={enrolment.qrCode} alt="QR code to add Ovation to your authenticator app" w={200} h={200} />
      <Text size="sm">
        Key: <Code data-testid="totp-secret">{enrolment.secret}</Code>
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm the second factor">
        <Stack gap="md">
          <FormAlert error={server.formError} />
          <TextInput
            label="6-digit code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            error={fieldError(form.formState.errors.code?.message)}
            {...form.register('code', { required: 'Enter the 6-digit code' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting} w={{ base: '100%', sm: 'auto' }}>
              TURN ON
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Two-step sign-in for administrators and report roles, on /myprofile (issue 15, decision 0037). */
export function SecondFactorSection() {
  const status = useTotpStatus();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!status.data?.eligible) return null;

  let body;
  if (recoveryCodes) {
    body = (
      <Alert color="teal" variant="light" title="Two-step sign-in is on" role="status">
        <Stack gap="xs">
          <Text size="sm">
            Keep these recovery codes somewhere safe. Each works once if you lose your phone; they are not shown again.
          </Text>
          <List size="sm" aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <List.Item key={code}>
                <Code>{code}</Code>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
    );
  } else if (status.data.enrolled) {
    body = <Text size="sm">Two-step sign-in is on: after your password you enter the code from your app.</Text>;
  } else if (enrolment) {
    body = <ConfirmStep enrolment={enrolment} onConfirmed={setRecoveryCodes} />;
  } else {
    body = <PasswordStep onStarted={setEnrolment} />;
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={2} size="h3">
            Two-step sign-in
          </Title>
          <Text size="sm" c="dimmed">
            Your role reaches reports and administration: protect it with a code from an authenticator app.
          </Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  );
}
