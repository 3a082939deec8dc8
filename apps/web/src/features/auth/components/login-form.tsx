import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginRequest } from '@ovation/shared/schemas/auth';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useLogin } from '../../../api/auth.ts';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { TotpStepForm } from './totp-step-form.tsx';

const resolver = lazyZodResolver<LoginRequest>(() =>
  import('@ovation/shared/schemas/auth').then((m) => m.loginRequestSchema),
);

interface LoginFormProps {
  /** Called with the new token; the page signs in and navigates. */
  onSignedIn: (authToken: string) => Promise<void> | void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge) {
    return <TotpStepForm challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />;
  }
  return <PasswordStep onSignedIn={onSignedIn} onChallenge={setChallenge} />;
}

function PasswordStep({ onSignedIn, onChallenge }: LoginFormProps & { onChallenge: (challenge: string) => void }) {
  // After a refusal the keyboard goes back to the password (below), not to the form's alert.
  const { form, server, errors, isSubmitting } = useSchemaForm<LoginRequest>(null, {
    resolver,
    fields: ['email', 'password'],
    defaultValues: { email: '', password: '' },
    title: 'Sign-in failed',
    focusFirstError: false,
  });
  const login = useLogin();

  const onSubmit = form.handleSubmit(async (values) => {
    let refused = true;
    // 401 (wrong e-mail or password) and 429 (too many attempts) are shown in the form.
    await server.run(async () => {
      const result = await login.mutateAsync(values);
      refused = false;
      // A member with a second factor gets a challenge to finish with a code (decision 0037).
      if ('challenge' in result) onChallenge(result.challenge);
      else await onSignedIn(result.authToken);
    });
    // The button was busy (and so lost the focus): the keyboard goes back to the password.
    if (refused) form.setFocus('password');
  });

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <EmailInput autoComplete="username" error={errors.email?.message} {...form.register('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={fieldError(errors.password?.message)}
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/resetpassword" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          SIGN IN
        </Button>
      </Stack>
    </form>
  );
}
