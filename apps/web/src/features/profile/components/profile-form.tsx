import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRef, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { CELL_NUM_MIN_LENGTH } from '@ovation/shared/constants';
import { updateProfileRequestSchema, type StoredProfile } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { returnFocus } from '../../../lib/return-focus.ts';
import { useUpdateProfile } from '../../../api/profile.ts';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { SKILL_LABEL, THEME_SONG_LABEL } from '../../../components/social/member-identity.tsx';

interface ProfileFormProps {
  profile: Pick<StoredProfile, 'cellNum' | 'email' | 'interests' | 'asperations'>;
  onSaved: (session: LoadSessionResponse) => void;
}

export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  // React Hook Form focuses the first field in error; after a save the focus comes back to the form.
  // 'asperations' is spelt as the API (and spec §3) spells it.
  const { form, server, errors, isSubmitting, submit } = useSchemaForm(updateProfileRequestSchema, {
    defaultValues: {
      cellNum: profile.cellNum ?? '',
      email: profile.email ?? '',
      interests: profile.interests ?? '',
      asperations: profile.asperations ?? '',
      currentPassword: '',
    },
    title: 'Your profile was not saved',
    focusFirstError: false,
  });
  // The e-mail is the sign-in name: changing it asks for the current password (issue 15).
  const savedEmail = (profile.email ?? '').trim().toLowerCase();
  // A first address (none saved yet) completes the profile and needs no password (decision 0085).
  const typedEmail = useWatch({ control: form.control, name: 'email' }).trim().toLowerCase();
  const emailChanges = savedEmail !== '' && typedEmail !== savedEmail;
  const update = useUpdateProfile();

  const save = submit(async (values, event) => {
    const { currentPassword, ...rest } = values;
    const session = await update.mutateAsync(emailChanges ? { ...rest, currentPassword } : rest);
    // The saved (normalised) values become the new baseline of the form.
    form.reset({ ...rest, currentPassword: '' });
    onSaved(session);
    // The busy button let the focus fall to the page's top: it comes back to the form.
    returnFocus(null, () => event?.target as HTMLFormElement | null);
  });
  // A double click submits twice before the button shows it is busy: one save at a time.
  const saving = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (saving.current) {
      event.preventDefault();
      return;
    }
    saving.current = true;
    void save(event).finally(() => {
      saving.current = false;
    });
  };

  return (
    <form tabIndex={-1} onSubmit={onSubmit} noValidate aria-label="My details">
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
          <EmailInput error={errors.email?.message} {...form.register('email')} />
        </SimpleGrid>
        {emailChanges && (
          <PasswordInput
            label="Current password"
            description="Needed to change the e-mail address you sign in with"
            autoComplete="current-password"
            required
            error={fieldError(errors.currentPassword?.message)}
            {...form.register('currentPassword')}
          />
        )}
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
