import { ActionIcon, Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { serviceAwardsSettingsSchema, type ServiceAwardsSettings } from '@ovation/shared/schemas/milestones';
import { useSaveServiceAwards } from '../../../api/milestones.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';

const FORMS = [
  { value: 'points', label: 'Points (cash-like)' },
  { value: 'gift', label: 'A gift (non-cash)' },
];

/** A whole-number input bound to the form (empty reads as not given, which the schema refuses). */
function WholeNumber({
  label,
  value,
  onChange,
  error,
  min = 0,
  decimal = false,
  w,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  error?: string;
  min?: number;
  decimal?: boolean;
  w?: number;
}) {
  return (
    <NumberInput
      label={label}
      min={min}
      w={w}
      allowDecimal={decimal}
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      error={fieldError(error)}
    />
  );
}

/** The firm's service awards: the milestones and what each gives, the rand rate, the notice period. */
export function ServiceSettingsForm({ initial }: { initial: ServiceAwardsSettings }) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(serviceAwardsSettingsSchema, {
    defaultValues: initial,
    title: 'The service awards were not saved',
    fields: ['milestones', 'randPerPoint', 'noticeDays'],
  });
  const levels = useFieldArray({ control: form.control, name: 'milestones' });
  const forms = useWatch({ control: form.control, name: 'milestones' });
  const save = useSaveServiceAwards();
  const onSubmit = submit(async (values) => {
    form.reset(await save.mutateAsync(values));
    toast.success('The service awards are saved. Milestones already announced keep what they were announced with.');
  });
  const num = (name: 'randPerPoint' | 'noticeDays', label: string, decimal = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <WholeNumber
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={errors[name]?.message}
          decimal={decimal}
        />
      )}
    />
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Service award settings">
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Announce and post service milestones"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Group grow wrap="wrap">
          {num('randPerPoint', 'Rand per point (for payroll)', true)}
          {num('noticeDays', 'Days ahead the manager is told')}
        </Group>
        <Stack gap="xs" role="group" aria-label="Milestones">
          {levels.fields.map((field, i) => (
            <Group key={field.id} gap="xs" align="flex-start" wrap="wrap">
              <Controller
                control={form.control}
                name={`milestones.${i}.years`}
                render={({ field: f }) => (
                  <WholeNumber
                    label={`Milestone ${i + 1}: years`}
                    w={150}
                    min={1}
                    value={f.value}
                    onChange={f.onChange}
                    error={errors.milestones?.[i]?.years?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`milestones.${i}.form`}
                render={({ field: f }) => (
                  <Select
                    label="Given as"
                    w={190}
                    data={FORMS}
                    allowDeselect={false}
                    value={f.value}
                    onChange={(v) => f.onChange(v ?? 'points')}
                  />
                )}
              />
              {forms?.[i]?.form === 'gift' ? (
                <>
                  <TextInput
                    label="Gift"
                    w={200}
                    error={fieldError(errors.milestones?.[i]?.giftName?.message)}
                    {...form.register(`milestones.${i}.giftName`)}
                  />
                  <Controller
                    control={form.control}
                    name={`milestones.${i}.giftValueRand`}
                    render={({ field: f }) => (
                      <WholeNumber
                        label="Its value (R)"
                        w={140}
                        decimal
                        value={f.value}
                        onChange={f.onChange}
                        error={errors.milestones?.[i]?.giftValueRand?.message}
                      />
                    )}
                  />
                </>
              ) : (
                <Controller
                  control={form.control}
                  name={`milestones.${i}.points`}
                  render={({ field: f }) => (
                    <WholeNumber
                      label="Points"
                      w={140}
                      value={f.value}
                      onChange={f.onChange}
                      error={errors.milestones?.[i]?.points?.message}
                    />
                  )}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove milestone ${i + 1}`}
                onClick={() => levels.remove(i)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {fieldError(errors.milestones?.root?.message ?? errors.milestones?.message)}
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            onClick={() => levels.append({ years: 1, points: 100, form: 'points', giftName: '', giftValueRand: 0 })}
          >
            Add a milestone
          </Button>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save service awards
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
