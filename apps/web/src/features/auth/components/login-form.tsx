import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { LoginRequest } from '@ovation/shared/schemas/auth';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/login.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';

const FIELDS = ['email', 'password'] as const;
const resolver = lazyZodResolver<LoginRequest>(() =>
  import('@ovation/shared/schemas/auth').then((m) => m.loginRequestSchema),
);

interface LoginFormProps {
  /** Called with the new token; the page signs in and navigates. */
  onSignedIn: (authToken: string) => Promise<void> | void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const form = useForm<LoginRequest>({ resolver, defaultValues: { email: '', password: '' } });
  const server = useServerErrors(form, FIELDS, { title: 'Sign-in failed' });
  const login = useLogin();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    // 401 (wrong e-mail or password) and 429 (too many attempts) are shown in the form.
    server.run(async () => {
      const { authToken } = await login.mutateAsync(values);
      await onSignedIn(authToken);
    }),
  );

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="E-mail address"
          type="email"
          autoComplete="username"
          required
          error={fieldError(errors.email?.message)}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={fieldError(errors.password?.message)}
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
