import { Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { nominateRequestSchema, type AwardProgramme } from '@ovation/shared/schemas/awards';
import { formatPoints } from '@ovation/shared/format/money';
import { useNominate, type NominateResponse } from '../../../api/awards.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberMultiPicker } from '../../../components/member-picker/member-multi-picker.tsx';
import { MessageField } from '../../../components/message-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';

interface NominateFormProps {
  programmes: AwardProgramme[];
  pointsName: string;
  onSent: (response: NominateResponse) => void;
}

const empty = (programmes: AwardProgramme[]) => ({
  programmeId: programmes.length === 1 ? programmes[0]!.id : (undefined as unknown as number),
  nomineeIds: [] as number[],
  levelKey: '',
  reason: '',
  behaviourId: undefined as number | undefined,
});

/** Nominate one or several colleagues for a programme's award, at a level, saying why. */
export function NominateForm({ programmes, pointsName, onSent }: NominateFormProps) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(nominateRequestSchema, {
    defaultValues: empty(programmes),
    title: 'Your nomination was not sent',
  });
  const nominate = useNominate();
  const [programmeId, reason] = useWatch({ control: form.control, name: ['programmeId', 'reason'] });
  const programme = programmes.find((p) => p.id === Number(programmeId));

  const onSubmit = submit(async (values) => {
    onSent(await nominate.mutateAsync(values));
    form.reset({ ...empty(programmes), programmeId: values.programmeId });
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Nominate colleagues for an award">
      <Stack gap="lg">
        <FormAlert error={server.formError} />
        <Controller
          control={form.control}
          name="programmeId"
          render={({ field }) => (
            <Select
              label="Programme"
              required
              placeholder="Choose a programme"
              data={programmes.map((p) => ({ value: String(p.id), label: p.name }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => {
                field.onChange(v ? Number(v) : undefined);
                form.setValue('levelKey', '');
                form.setValue('behaviourId', undefined);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.programmeId?.message)}
            />
          )}
        />
        {programme?.description && (
          <Text size="sm" c="dimmed">
            {programme.description}
          </Text>
        )}
        <Controller
          control={form.control}
          name="nomineeIds"
          render={({ field }) => (
            <MemberMultiPicker
              label="Colleagues"
              description="Search by name or division; nominate up to 10 at once."
              value={(field.value ?? []).map(Number)}
              onChange={(ids) => field.onChange(ids)}
              onBlur={field.onBlur}
              ref={field.ref}
              maxValues={10}
              error={fieldError(errors.nomineeIds?.message ?? errors.nomineeIds?.root?.message)}
            />
          )}
        />
        {programme && (
          <Controller
            control={form.control}
            name="levelKey"
            render={({ field }) => (
              <Radio.Group
                label="Level"
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldError(errors.levelKey?.message)}
              >
                <Group mt="xs" gap="lg">
                  {programme.levels.map((level, i) => (
                    <Radio
                      key={level.key}
                      value={level.key}
                      ref={i === 0 ? field.ref : undefined}
                      label={`${level.name} · ${formatPoints(level.points)} ${pointsName}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        )}
        {programme && programme.behaviours.length > 0 && (
          <Controller
            control={form.control}
            name="behaviourId"
            render={({ field }) => (
              <Select
                label="Behaviour it honours"
                placeholder="Choose one (optional)"
                clearable
                data={programme.behaviours.map((b) => ({ value: String(b.id), label: b.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={fieldError(errors.behaviourId?.message)}
              />
            )}
          />
        )}
        <MessageField
          label="Why they deserve it"
          description={`What they did and what it changed${programme ? ` (at least ${programme.reasonMinLength} characters)` : ''}.`}
          length={reason?.length ?? 0}
          maxLength={2000}
          error={fieldError(errors.reason?.message)}
          {...form.register('reason')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            SEND NOMINATION
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
