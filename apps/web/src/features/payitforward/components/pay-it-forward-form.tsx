import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { formatPoints } from '@ovation/shared/format/money';
import {
  payItForwardCapMessage,
  payItForwardSendRequestSchema,
  type PayItForwardAllowance,
  type SendResponse,
} from '@ovation/shared/schemas/recognition';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { SOUTH_AFRICA } from '@ovation/shared/capabilities';
import { MemberPickerField } from '../../../components/member-picker/member-picker-field.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useSendPayItForward } from '../../../api/sends.ts';

const EMPTY = { toMemberId: undefined, points: undefined, message: '' };

interface PayItForwardFormProps {
  selectedMemberId: number | null;
  balance: number;
  pointsName: string;
  /** What the member may still give today; until it is known, only the balance limits the form. */
  allowance?: PayItForwardAllowance;
  /** The server's answer: its message confirms the send. */
  onSent: (response: SendResponse) => void;
}

/** The points field's hint: the balance, or today's allowance when that is the tighter limit. */
function limitHint(balance: number, pointsName: string, allowance?: PayItForwardAllowance): string {
  if (!allowance || allowance.leftToday >= balance) {
    return `Up to your personal balance of ${formatPoints(balance)} ${pointsName}.`;
  }
  const left = `Up to ${formatPoints(allowance.leftToday)} ${pointsName} today`;
  if (allowance.givenToday === 0) return `${left}, the daily limit.`;
  return `${left}: at most ${formatPoints(allowance.dailyCap)} a day; you have given ${formatPoints(allowance.givenToday)} today.`;
}

export function PayItForwardForm({ selectedMemberId, balance, pointsName, allowance, onSent }: PayItForwardFormProps) {
  const { form, formRef, server, errors, isSubmitting } = useSchemaForm(payItForwardSendRequestSchema, {
    defaultValues: { ...EMPTY, toMemberId: selectedMemberId ?? undefined },
    title: 'Your points were not sent',
  });
  const send = useSendPayItForward();
  const message = useWatch({ control: form.control, name: 'message' });
  const limit = Math.min(balance, allowance?.leftToday ?? balance);

  const onSubmit = form.handleSubmit((values) => {
    // The server checks both too; this saves a round trip for the obvious cases.
    if (values.points > balance) {
      const text = `You have ${formatPoints(balance)} ${pointsName}; you cannot share more than that.`;
      form.setError('points', { type: 'balance', message: text }, { shouldFocus: true });
      return;
    }
    if (allowance && values.points > allowance.leftToday) {
      const text = payItForwardCapMessage(
        formatPoints(allowance.dailyCap),
        formatPoints(allowance.leftToday),
        pointsName,
      );
      form.setError('points', { type: 'dailyCap', message: text }, { shouldFocus: true });
      return;
    }
    return server.run(async () => {
      onSent(await send.mutateAsync(values));
      form.reset(EMPTY);
    });
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Pay It Forward">
      <Stack gap="lg">
        <FormAlert error={server.formError} />
        <MemberPickerField
          control={form.control}
          name="toMemberId"
          error={fieldError(errors.toMemberId?.message)}
          // Pay It Forward is between colleagues in South Africa: the list offers no one else.
          country={SOUTH_AFRICA}
          description="Search by name or division: colleagues in South Africa."
        />
        <Controller
          control={form.control}
          name="points"
          render={({ field }) => (
            <NumberInput
              label={`${pointsName} to share`}
              description={limitHint(balance, pointsName, allowance)}
              required
              min={1}
              max={limit > 0 ? limit : undefined}
              // What is typed reaches validation as typed: "1.5" is refused, never read as 15 (decision 0073).
              clampBehavior="none"
              thousandSeparator=" "
              value={field.value ?? ''}
              onChange={(v) => field.onChange(v === '' ? undefined : v)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.points?.message)}
              w={{ base: '100%', xs: 340 }}
            />
          )}
        />
        <MessageField
          label="Message"
          description="Why are you sharing your points?"
          length={message?.length ?? 0}
          error={fieldError(errors.message?.message)}
          {...form.register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting} disabled={limit <= 0} w={{ base: '100%', sm: 'auto' }}>
            PAY IT FORWARD
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
