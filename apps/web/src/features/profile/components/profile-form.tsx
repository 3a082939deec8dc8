import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CELL_NUM_MIN_LENGTH } from '@ovation/shared/constants';
import { updateProfileRequestSchema, type StoredProfile } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { SKILL_LABEL, THEME_SONG_LABEL } from '../../../components/social/member-identity.tsx';

// 'asperations' is spelt as the API (and spec §3) spells it.
const FIELDS = ['cellNum', 'email', 'interests', 'asperations'] as const;

interface ProfileFormProps {
  profile: Pick<StoredProfile, 'cellNum' | 'email' | 'interests' | 'asperations'>;
  onSaved: (session: LoadSessionResponse) => void;
}

export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const form = useForm({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: {
      cellNum: profile.cellNum ?? '',
      email: profile.email ?? '',
      interests: profile.interests ?? '',
      asperations: profile.asperations ?? '',
    },
  });
  const server = useServerErrors(form, FIELDS, { title: 'Your profile was not saved' });
  const update = useUpdateProfile();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const session = await update.mutateAsync(values);
      // The saved (normalised) values become the new baseline of the form.
      form.reset(values);
      onSaved(session);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="My details">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Cell number"
            description={`At least ${CELL_NUM_MIN_LENGTH} characters, e.g. +27 82 555 0123`}
            type="tel"
            autoComplete="tel"
            required
            error={fieldError(errors.cellNum?.message)}
            {...form.register('cellNum')}
          />
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            error={fieldError(errors.email?.message)}
            {...form.register('email')}
          />
        </SimpleGrid>
        <TextInput
          label={THEME_SONG_LABEL}
          maxLength={100}
          error={fieldError(errors.interests?.message)}
          {...form.register('interests')}
        />
        <TextInput
          label={SKILL_LABEL}
          maxLength={100}
          error={fieldError(errors.asperations?.message)}
          {...form.register('asperations')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SAVE PROFILE
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
