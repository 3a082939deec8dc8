import { Button, Group, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { recognitionSendRequestSchema, type SendResponse } from '@ovation/shared/schemas/recognition';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberMultiPicker } from '../../../components/member-picker/member-multi-picker.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useBehaviours } from '../../../api/behaviours.ts';
import { useSendRecognition } from '../../../api/sends.ts';
import { BehaviourPicker } from './behaviour-picker.tsx';
import { nonTeamMessage, useNonTeamRecipients } from './non-team-recipients.ts';
import { checkTeamBudget, isWholePoints, overBudgetMessage } from './team-budget.ts';
import { TeamPointsField } from './team-points-field.tsx';

interface RecogniseFormProps {
  selectedMemberId: number | null;
  /** Managers may add points from their team budget. */
  teamBudget: { balance: number; pointsName: string } | null;
  /** The server's answer: its message confirms the send. */
  onSent: (response: SendResponse) => void;
}

const EMPTY = { toMemberIds: [] as number[], behaviourId: undefined, message: '', points: undefined };

export function RecogniseForm({ selectedMemberId, teamBudget, onSent }: RecogniseFormProps) {
  const { form, formRef, server, errors, isSubmitting } = useSchemaForm(recognitionSendRequestSchema, {
    defaultValues: { ...EMPTY, toMemberIds: selectedMemberId ? [selectedMemberId] : [] },
    title: 'Your recognition was not sent',
  });
  const send = useSendRecognition();
  const [recipients, points, message] = useWatch({ control: form.control, name: ['toMemberIds', 'points', 'message'] });
  const check = checkTeamBudget(points, recipients?.length ?? 0, teamBudget?.balance ?? 0);
  const overBudget = !!teamBudget && check.over;
  // Team points go to team members only: the others are named on the picker before sending.
  const withPoints = !!teamBudget && isWholePoints(points);
  const nonTeam = useNonTeamRecipients(recipients ?? [], !!teamBudget);
  const nonTeamError = withPoints ? nonTeamMessage(nonTeam.outside) : null;
  // The fields below the behaviours appear with them, so nothing on screen moves when they arrive.
  const behavioursIn = !useBehaviours().isPending;

  const onSubmit = form.handleSubmit((values) => {
    const body = teamBudget ? values : { ...values, points: undefined };
    // Already said on the picker (it goes when they are removed, or the points are).
    if (nonTeamError) return form.setFocus('toMemberIds');
    if (teamBudget && checkTeamBudget(body.points, body.toMemberIds.length, teamBudget.balance).over) {
      form.setError('points', {
        type: 'budget',
        message: overBudgetMessage(check, teamBudget.balance, teamBudget.pointsName),
      });
      return;
    }
    return server.run(async () => {
      const response = await send.mutateAsync(body);
      onSent(response);
      form.reset(EMPTY);
    });
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Recognise colleagues">
      <Stack gap="lg">
        <FormAlert error={server.formError} />
        <Controller
          control={form.control}
          name="toMemberIds"
          render={({ field }) => (
            <MemberMultiPicker
              label="Colleagues"
              description="Search by name or division; choose one or several."
              value={field.value ?? []}
              onChange={(ids, members) => {
                nonTeam.remember(members);
                field.onChange(ids);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              withTeam={!!teamBudget}
              maxValues={200}
              error={fieldError(
                errors.toMemberIds?.message ?? errors.toMemberIds?.root?.message ?? nonTeamError ?? undefined,
              )}
            />
          )}
        />
        <Controller
          control={form.control}
          name="behaviourId"
          render={({ field }) => (
            <BehaviourPicker
              value={field.value}
              onChange={field.onChange}
              error={fieldError(errors.behaviourId?.message)}
            />
          )}
        />
        {behavioursIn && (
          <>
            <MessageField
              label="Message"
              description="Tell them what they did and why it mattered."
              length={message?.length ?? 0}
              error={fieldError(errors.message?.message)}
              {...form.register('message')}
            />
            {teamBudget && (
              <Controller
                control={form.control}
                name="points"
                render={({ field }) => (
                  <TeamPointsField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    recipients={recipients?.length ?? 0}
                    balance={teamBudget.balance}
                    pointsName={teamBudget.pointsName}
                    check={check}
                    error={fieldError(errors.points?.message)}
                  />
                )}
              />
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                size="md"
                loading={isSubmitting}
                disabled={overBudget}
                w={{ base: '100%', sm: 'auto' }}
              >
                SEND RECOGNITION
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
