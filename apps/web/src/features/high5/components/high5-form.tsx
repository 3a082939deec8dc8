import { Button, Group, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { high5SendRequestSchema, type SendResponse } from '@ovation/shared/schemas/recognition';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberPickerField } from '../../../components/member-picker/member-picker-field.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useSendHigh5 } from '../../../api/sends.ts';

interface High5FormProps {
  selectedMemberId: number | null;
  /** The server's answer: its message confirms the send. */
  onSent: (response: SendResponse) => void;
}

export function High5Form({ selectedMemberId, onSent }: High5FormProps) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(high5SendRequestSchema, {
    defaultValues: { toMemberId: selectedMemberId ?? undefined, message: '' },
    title: 'Your High Five was not sent',
  });
  const send = useSendHigh5();
  const message = useWatch({ control: form.control, name: 'message' });

  const onSubmit = submit(async (values) => {
    onSent(await send.mutateAsync(values));
    form.reset({ toMemberId: undefined, message: '' });
  });

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
