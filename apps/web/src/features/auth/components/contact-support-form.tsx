import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { contactSupportRequestSchema } from '@ovation/shared/schemas/support';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useContactSupport } from '../../../api/support.ts';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSession } from '../../../api/session-context.tsx';

export function ContactSupportForm({ onSent }: { onSent: (message: string) => void }) {
  // A signed-in member is not asked again for what the session already knows (decision 0099).
  const { profile } = useSession();
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(contactSupportRequestSchema, {
    defaultValues: {
      name: profile?.fullname ?? '',
      email: profile?.email ?? '',
      phone: (profile?.cellNum ?? '').slice(0, 20),
      message: '',
    },
    title: 'Your message was not sent',
  });
  const contact = useContactSupport();

  const onSubmit = submit(async (values) => {
    const { message } = await contact.mutateAsync(values);
    onSent(message);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Contact support">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput
          label="Your name"
          autoComplete="name"
          required
          error={fieldError(errors.name?.message)}
          {...form.register('name')}
        />
        <EmailInput error={errors.email?.message} {...form.register('email')} />
        <TextInput
          label="Phone number"
          description="Optional"
          type="tel"
          autoComplete="tel"
          error={fieldError(errors.phone?.message)}
          {...form.register('phone')}
        />
        <Textarea
          label="How can we help?"
          autosize
          minRows={4}
          maxRows={10}
          required
          error={fieldError(errors.message?.message)}
          {...form.register('message')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          SEND MESSAGE
        </Button>
      </Stack>
    </form>
  );
}
