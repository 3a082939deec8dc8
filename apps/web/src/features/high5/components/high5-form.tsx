import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { high5SendRequestSchema, type High5SendRequest, type SendResponse } from '@ovation/shared/schemas/recognition';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberPickerField } from '../../../components/member-picker/member-picker-field.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useSendHigh5 } from '../../../api/sends.ts';
import { useFocusFirstError } from '../../../lib/focus-first-error.ts';

const FIELDS = ['toMemberId', 'message'] as const;

interface High5FormProps {
  selectedMemberId: number | null;
  /** The server's answer: its message confirms the send. */
  onSent: (response: SendResponse) => void;
}

export function High5Form({ selectedMemberId, onSent }: High5FormProps) {
  const form = useForm<High5SendRequest>({
    shouldFocusError: false,
    resolver: zodResolver(high5SendRequestSchema),
    defaultValues: { toMemberId: selectedMemberId ?? undefined, message: '' },
  });
  const formRef = useFocusFirstError(form);
  const server = useServerErrors(form, FIELDS, { title: 'Your High Five was not sent' });
  const send = useSendHigh5();
  const { errors, isSubmitting } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' });

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      onSent(await send.mutateAsync(values));
      form.reset({ toMemberId: undefined, message: '' });
    }),
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Send a High Five">
      <Stack gap="lg">
        <FormAlert error={server.formError} />
        <MemberPickerField control={form.control} name="toMemberId" error={fieldError(errors.toMemberId?.message)} />
        <MessageField
          label="Your note"
          description="A personal note of appreciation. It appears in the Kudos Thread as a High Five."
          length={message?.length ?? 0}
          error={fieldError(errors.message?.message)}
          {...form.register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SEND HIGH FIVE
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
