import { useState } from 'react';
import { Alert, Button, Code, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TotpEnrolment } from '@ovation/shared/schemas/auth';
import {
  useConfirmTotp,
  useRenewRecoveryCodes,
  useStartTotpEnrolment,
  useTotpStatus,
  useTurnOffTotp,
} from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';
import { CurrentPasswordInput } from './current-password-input.tsx';

function PasswordStep({ onStarted }: { onStarted: (enrolment: TotpEnrolment) => void }) {
  const { form, server, errors, isSubmitting, submit } = useSchemaForm<{ currentPassword: string }>(null, {
    fields: ['currentPassword'],
    defaultValues: { currentPassword: '' },
    title: 'The second factor was not set up',
    focusFirstError: false,
  });
  const start = useStartTotpEnrolment();
  const onSubmit = submit(async (values) => onStarted(await start.mutateAsync(values)));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set up the second factor">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <CurrentPasswordInput
          registration={form.register('currentPassword', { required: 'Enter your current password' })}
          error={errors.currentPassword?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SET UP AUTHENTICATOR APP
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmStep({ enrolment, onConfirmed }: { enrolment: TotpEnrolment; onConfirmed: (codes: string[]) => void }) {
  const { form, server, errors, isSubmitting, submit } = useSchemaForm<{ code: string }>(null, {
    fields: ['code'],
    defaultValues: { code: '' },
    title: 'The second factor is not on yet',
    focusFirstError: false,
  });
  const confirm = useConfirmTotp();
  const onSubmit = submit(async (values) => onConfirmed((await confirm.mutateAsync(values)).recoveryCodes));
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
            error={fieldError(errors.code?.message)}
            {...form.register('code', { required: 'Enter the 6-digit code' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
              TURN ON
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title="Two-step sign-in is on" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Keep these recovery codes somewhere safe. Each works once if you lose your phone; they are not shown again.
        </Text>
        <List size="sm" aria-label="Recovery codes">
          {codes.map((code) => (
            <List.Item key={code}>
              <Code>{code}</Code>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            I HAVE SAVED THEM
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

type ManageAction = 'renew' | 'off';
const MANAGE: Record<ManageAction, { label: string; submit: string; failed: string }> = {
  renew: { label: 'New recovery codes', submit: 'MAKE NEW CODES', failed: 'No new recovery codes were made' },
  off: { label: 'Turn off two-step sign-in', submit: 'TURN OFF', failed: 'Two-step sign-in is still on' },
};

/** The password and a current code (or a recovery code) prove it is the holder before a change. */
function ManageForm({
  action,
  onCancel,
  onDone,
}: {
  action: ManageAction;
  onCancel: () => void;
  onDone: (recoveryCodes: string[] | null) => void;
}) {
  const { form, server, errors, isSubmitting, submit } = useSchemaForm<{ currentPassword: string; code: string }>(
    null,
    {
      fields: ['currentPassword', 'code'],
      defaultValues: { currentPassword: '', code: '' },
      title: MANAGE[action].failed,
      focusFirstError: false,
    },
  );
  const renew = useRenewRecoveryCodes();
  const turnOff = useTurnOffTotp();
  const onSubmit = submit(async (values) => {
    if (action === 'renew') onDone((await renew.mutateAsync(values)).recoveryCodes);
    else {
      toast.success((await turnOff.mutateAsync(values)).message);
      onDone(null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={MANAGE[action].label}>
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <CurrentPasswordInput
          registration={form.register('currentPassword', { required: 'Enter your current password' })}
          error={errors.currentPassword?.message}
        />
        <TextInput
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          required
          error={fieldError(errors.code?.message)}
          {...form.register('code', { required: 'Enter the code from your app, or a recovery code' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            CANCEL
          </Button>
          <Button type="submit" color={action === 'off' ? 'red' : undefined} loading={isSubmitting}>
            {MANAGE[action].submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EnrolledView({ onRenewed, onTurnedOff }: { onRenewed: (codes: string[]) => void; onTurnedOff: () => void }) {
  const [action, setAction] = useState<ManageAction | null>(null);
  if (action) {
    return (
      <ManageForm
        action={action}
        onCancel={() => setAction(null)}
        onDone={(codes) => {
          setAction(null);
          if (codes) onRenewed(codes);
          else onTurnedOff();
        }}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">Two-step sign-in is on: after your password you enter the code from your app.</Text>
      <Group gap="sm">
        <Button variant="default" onClick={() => setAction('renew')}>
          NEW RECOVERY CODES
        </Button>
        <Button variant="default" color="red" onClick={() => setAction('off')}>
          TURN OFF
        </Button>
      </Group>
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
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.data.enrolled) {
    body = <EnrolledView onRenewed={setRecoveryCodes} onTurnedOff={() => setEnrolment(null)} />;
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
