import { Box, Button, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import {
  LEAVER_POINTS,
  leaversSettingsSchema,
  type LeaverPoints,
  type LeaversSettings,
} from '@ovation/shared/schemas/integrations';
import { useSaveLeaversSettings } from '../../../api/integrations.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';

/** What each choice does to a leaver's points, as the server does it (decision 0111). */
const POINTS_LABELS: Record<LeaverPoints, string> = {
  keep: 'Keep them for a number of days: a member who comes back in that time finds them; then they go back to the firm.',
  forfeit: 'Give them back to the firm when the member leaves. Points still kept for earlier leavers go back too.',
  payout:
    'Move them to the payouts account when the member leaves: what the firm owes them, to pay through payroll. Points still kept for earlier leavers move too.',
};

const KEEP_DAYS_MIN = 1;
const KEEP_DAYS_MAX = 3650;

/** What moves whatever the setting (the leaving itself, decision 0111); not a choice. */
const ALWAYS =
  'Whatever you choose, a leaver is signed out everywhere at once, their integration tokens stop, and their team budget, their team and the award nominations waiting for them go to their manager (a team budget goes back to the firm when there is none). Points already moved stay moved.';

/**
 * The `leavers` setting: what happens to a leaving member's points. The days are asked for only
 * when they are kept; the other choices send the days saved before, untouched.
 */
export function LeaversForm({ initial }: { initial: LeaversSettings }) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(leaversSettingsSchema, {
    defaultValues: initial,
    title: 'The setting was not saved',
  });
  const points = useWatch({ control: form.control, name: 'points' });
  const save = useSaveLeaversSettings();
  const onSubmit = submit(async (values) => {
    form.reset(await save.mutateAsync(values));
    toast.success('Saved.');
  });

  // Days typed wrong and then hidden (another choice) would refuse the form with nothing to show:
  // they go back to the days saved.
  const onPointsChange = (value: string, change: (value: string) => void) => {
    change(value);
    if (value !== 'keep' && !leaversSettingsSchema.shape.keepDays.safeParse(form.getValues('keepDays')).success) {
      form.setValue('keepDays', initial.keepDays);
      form.clearErrors('keepDays');
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="When a member leaves">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <Controller
          control={form.control}
          name="points"
          render={({ field }) => (
            <Radio.Group
              label="A leaver’s points"
              required
              value={field.value}
              onChange={(value) => onPointsChange(value, field.onChange)}
              error={fieldError(errors.points?.message)}
              wrapperProps={{ 'data-invalid': errors.points ? 'true' : undefined }}
            >
              <Stack gap="sm" mt="xs">
                {LEAVER_POINTS.map((choice, i) => (
                  <Stack key={choice} gap="xs">
                    <Radio
                      value={choice}
                      ref={i === 0 ? field.ref : undefined}
                      label={POINTS_LABELS[choice]}
                      onBlur={field.onBlur}
                    />
                    {choice === 'keep' && points === 'keep' && (
                      // Under its choice, in line with the choice's words.
                      <Box pl={32}>
                        <Controller
                          control={form.control}
                          name="keepDays"
                          render={({ field: days }) => (
                            <NumberInput
                              label="Days"
                              description={`From ${KEEP_DAYS_MIN} to 3,650`}
                              required
                              w={200}
                              min={KEEP_DAYS_MIN}
                              max={KEEP_DAYS_MAX}
                              clampBehavior="none"
                              allowDecimal={false}
                              allowNegative={false}
                              value={days.value ?? ''}
                              onChange={(v) => days.onChange(typeof v === 'number' ? v : undefined)}
                              onBlur={days.onBlur}
                              ref={days.ref}
                              error={fieldError(errors.keepDays?.message)}
                            />
                          )}
                        />
                      </Box>
                    )}
                  </Stack>
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Text size="sm" c="gray.7">
          {ALWAYS}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
