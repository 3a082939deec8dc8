import { ActionIcon, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { AWARD_LEVELS_MAX, type AwardProgrammeInput } from '@ovation/shared/schemas/awards';
import { fieldError } from '../../../components/form-feedback.tsx';

/** A programme's award levels: key, name and points each; one at least, ten at most. */
export function ProgrammeLevels({ form }: { form: UseFormReturn<AwardProgrammeInput, unknown, AwardProgrammeInput> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'levels' });
  const errors = form.formState.errors;
  return (
    <Stack gap="xs" role="group" aria-label="Levels">
      {fields.map((field, i) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label={`Level ${i + 1} key`}
            w={120}
            error={fieldError(errors.levels?.[i]?.key?.message)}
            {...form.register(`levels.${i}.key`)}
          />
          <TextInput
            label="Name"
            w={160}
            error={fieldError(errors.levels?.[i]?.name?.message)}
            {...form.register(`levels.${i}.name`)}
          />
          <Controller
            control={form.control}
            name={`levels.${i}.points`}
            render={({ field: f }) => (
              <NumberInput
                label="Points"
                w={120}
                min={1}
                allowDecimal={false}
                value={f.value}
                onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
                error={fieldError(errors.levels?.[i]?.points?.message)}
              />
            )}
          />
          {fields.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove level ${i + 1}`}
              onClick={() => remove(i)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {errors.levels?.root?.message || errors.levels?.message
        ? fieldError(errors.levels?.root?.message ?? errors.levels?.message)
        : null}
      {fields.length < AWARD_LEVELS_MAX && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => append({ key: '', name: '', points: 100 })}>
          Add a level
        </Button>
      )}
    </Stack>
  );
}
