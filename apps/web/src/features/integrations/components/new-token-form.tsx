import { Box, Button, Checkbox, Code, Group, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  createIntegrationTokenRequestSchema,
  INTEGRATION_SCOPES,
  INTEGRATION_TOKEN_NAME_MAX,
  type IntegrationScope,
  type IssuedIntegrationToken,
} from '@ovation/shared/schemas/integrations';
import { useCreateIntegrationToken } from '../../../api/integrations.ts';
import { DayInput } from '../../../components/day-input.tsx';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { SCOPE_HELP } from './scopes.ts';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Makes a token: its name, its scopes, and the last day it works (none: until it is revoked). */
export function NewTokenForm({ onIssued }: { onIssued: (issued: IssuedIntegrationToken) => void }) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(createIntegrationTokenRequestSchema, {
    defaultValues: { name: '', scopes: [], expiresOn: null },
    title: 'The token was not made',
  });
  const create = useCreateIntegrationToken();
  const onSubmit = submit(async (values) => {
    const issued = await create.mutateAsync(values);
    form.reset();
    create.reset(); // the secret goes to the panel only
    onIssued(issued);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="New token">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="Name"
          description={`What it is for, e.g. Entra ID provisioning (at most ${INTEGRATION_TOKEN_NAME_MAX} characters)`}
          required
          autoComplete="off"
          error={fieldError(errors.name?.message)}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group<IntegrationScope>
              label="Scopes"
              required
              value={field.value}
              onChange={field.onChange}
              error={fieldError(errors.scopes?.message ?? errors.scopes?.root?.message)}
              wrapperProps={{ 'data-invalid': errors.scopes ? 'true' : undefined }}
            >
              <Stack gap="sm" mt="xs">
                {INTEGRATION_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={<Code fz="sm">{scope}</Code>}
                    description={SCOPE_HELP[scope]}
                    onBlur={field.onBlur}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="expiresOn"
          render={({ field }) => (
            <DayInput
              label="Last day"
              description="Optional: the token works to the end of this day (UTC). Without one, it works until it is revoked."
              clearable
              minDate={today()}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value || null)}
              onBlur={field.onBlur}
              inputContainer={(input) => <Box maw={260}>{input}</Box>}
              error={fieldError(errors.expiresOn?.message)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Make the token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
