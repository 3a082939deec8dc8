import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactSupportRequestSchema } from '@ovation/shared/schemas/support';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useFocusFirstError } from '../../../lib/focus-first-error.ts';
import { useContactSupport } from '../../../api/support.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSession } from '../../../api/session-context.tsx';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

export function ContactSupportForm({ onSent }: { onSent: (message: string) => void }) {
  // A signed-in member is not asked again for what the session already knows (decision 0099).
  const { profile } = useSession();
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(contactSupportRequestSchema),
    defaultValues: {
      name: profile?.fullname ?? '',
      email: profile?.email ?? '',
      phone: (profile?.cellNum ?? '').slice(0, 20),
      message: '',
    },
  });
  const server = useServerErrors(form, FIELDS, { title: 'Your message was not sent' });
  // A refusal that names no field sends the focus to the form's alert (decision 0090).
  const formRef = useFocusFirstError(form);
  const contact = useContactSupport();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const { message } = await contact.mutateAsync(values);
      onSent(message);
    }),
  );

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
        <TextInput
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          error={fieldError(errors.email?.message)}
          {...form.register('email')}
        />
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
