import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@ovation/shared/schemas/auth';
import { useChangePassword } from '../../../api/auth.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';
import { CurrentPasswordInput } from './current-password-input.tsx';

const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password on /myprofile: the current one, the new one twice (issue 15). */
export function ChangePasswordSection() {
  // React Hook Form focuses the first field in error.
  const { form, server, errors, isSubmitting, submit } = useSchemaForm(changePasswordFormSchema, {
    defaultValues: EMPTY,
    title: 'Your password was not changed',
    focusFirstError: false,
  });
  const change = useChangePassword();

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    const { message } = await change.mutateAsync({ currentPassword, newPassword });
    form.reset(EMPTY);
    toast.success(message);
  });

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={2} size="h3" id="change-password-title">
          Password
        </Title>
        <Text size="sm" c="dimmed">
          Changing your password signs you out on every other device. We e-mail you to confirm.
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <FormAlert error={server.formError} />
          <CurrentPasswordInput
            registration={form.register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="New password"
              description="At least 10 characters; not a common password, keyboard run or repeat"
              autoComplete="new-password"
              required
              error={fieldError(errors.newPassword?.message)}
              {...form.register('newPassword')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              error={fieldError(errors.confirmPassword?.message)}
              {...form.register('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
              CHANGE PASSWORD
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
