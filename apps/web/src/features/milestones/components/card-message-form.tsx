import { Button, Group, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Milestone } from '@ovation/shared/schemas/milestones';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';

type MessageSchema = z.ZodType<{ message: string }, { message: string }>;

/** One message for a milestone: a colleague's on the card, or the manager's posted with the award. */
export function CardMessageForm({
  schema,
  label,
  submitLabel,
  saved,
  initial,
  maxLength,
  save,
}: {
  schema: MessageSchema;
  label: string;
  submitLabel: string;
  /** What the toast says once it is saved. */
  saved: string;
  initial: string;
  maxLength: number;
  save: (message: string) => Promise<Milestone>;
}) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(schema, {
    defaultValues: { message: initial },
    title: 'Your message was not saved',
  });
  const message = useWatch({ control: form.control, name: 'message' });
  const onSubmit = submit(async (values) => {
    await save(values.message);
    form.reset(values);
    toast.success(saved);
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="xs">
        <FormAlert error={server.formError} />
        <MessageField
          label={label}
          length={message.length}
          maxLength={maxLength}
          error={fieldError(errors.message?.message)}
          {...form.register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
