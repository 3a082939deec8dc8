import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { contactUsRequestSchema } from '@ovation/shared/schemas/support';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useContactUs } from '../../../api/support.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MessageField } from '../../../components/message-field.tsx';

/** The message limit of contactUsRequestSchema (shared/schemas/support). */
const MESSAGE_MAX = 2000;

export function ContactUsForm({ onSent }: { onSent: (message: string) => void }) {
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(contactUsRequestSchema, {
    defaultValues: { subject: '', message: '' },
    title: 'Your message was not sent',
  });
  const contact = useContactUs();
  const message = useWatch({ control: form.control, name: 'message' });

  const onSubmit = submit(async (values) => {
    const { message } = await contact.mutateAsync(values);
    onSent(message);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Contact us">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="Subject"
          required
          maxLength={150}
          error={fieldError(errors.subject?.message)}
          {...form.register('subject')}
        />
        <MessageField
          label="Message"
          length={message.length}
          maxLength={MESSAGE_MAX}
          error={fieldError(errors.message?.message)}
          {...form.register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SEND MESSAGE
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
