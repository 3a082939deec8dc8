import { Button, Checkbox, Fieldset, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  EMAIL_PREFERENCE_KINDS,
  preferencesSchema,
  type EmailPreferenceKind,
  type Preferences,
} from '@ovation/shared/schemas/notifications';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { usePreferences, useSavePreferences } from '../../../api/preferences.ts';
import { FormAlert } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { returnFocus } from '../../../lib/return-focus.ts';
import { toast } from '../../../lib/toast.ts';

const EMAIL_LABELS: Record<EmailPreferenceKind, string> = {
  recognised: 'Someone recognises me',
  high5: 'I receive a High Five',
  points: 'I receive points (Pay It Forward or a points upload)',
  reaction: 'Someone reacts to my kudos',
};
const EMAIL_KINDS = EMAIL_PREFERENCE_KINDS.map((key) => ({ key, label: EMAIL_LABELS[key] }));

function Form({ initial }: { initial: Preferences }) {
  // Switches show no messages of their own: whatever the server says goes to the form's alert.
  const { form, server, submit } = useSchemaForm(preferencesSchema, {
    defaultValues: initial,
    title: 'Your preferences were not saved',
    fields: [],
    focusFirstError: false,
  });
  const save = useSavePreferences();

  const onSubmit = submit(async (values, event) => {
    form.reset(await save.mutateAsync(values));
    toast.success('Your preferences have been saved.');
    // SAVE is disabled again (nothing changed since): the focus comes back to the form.
    returnFocus(null, () => event?.target as HTMLFormElement | null);
  });

  return (
    <form tabIndex={-1} onSubmit={onSubmit} aria-label="Notification preferences" noValidate>
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <Fieldset legend="E-mail me when" variant="unstyled">
          <Text size="xs" c="dimmed">
            The bell in the header shows everything either way.
          </Text>
          <Stack gap="xs" mt="xs">
            {EMAIL_KINDS.map(({ key, label }) => (
              <Controller
                key={key}
                control={form.control}
                name={`email.${key}`}
                render={({ field }) => (
                  <Checkbox
                    label={label}
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            ))}
          </Stack>
        </Fieldset>
        <Controller
          control={form.control}
          name="weeklyDigest"
          render={({ field }) => (
            <Switch
              label="Weekly digest"
              description="Once a week: what you and your team received."
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              ref={field.ref}
            />
          )}
        />
        <Controller
          control={form.control}
          name="hideCelebrations"
          render={({ field }) => (
            <Switch
              label="Hide my birthday and work anniversary"
              description="Colleagues will not see them in Celebrations."
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              ref={field.ref}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            SAVE PREFERENCES
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /myprofile: notification and privacy choices (decision 0026). */
export function PreferencesSection() {
  const query = usePreferences();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Notifications and privacy
        </Title>
        <Text size="sm" c="dimmed">
          Choose which e-mails you receive and what colleagues see about you.
        </Text>
      </div>
      {query.data ? (
        <Form initial={query.data} />
      ) : query.isError ? (
        <LoadFailed
          title="Your preferences could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loader size="sm" aria-label="Loading your preferences" />
      )}
    </Stack>
  );
}
