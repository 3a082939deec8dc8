import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller, useFieldArray } from 'react-hook-form';
import {
  awardProgrammeInputSchema,
  type AwardProgramme,
  type AwardProgrammeInput,
} from '@ovation/shared/schemas/awards';
import { useSaveProgramme } from '../../../api/awards.ts';
import { useBehaviours } from '../../../api/behaviours.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberMultiPicker } from '../../../components/member-picker/member-multi-picker.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';

/**
 * The fields that show their own messages, the approval's parts among them; a refusal of any other
 * key (eligibility, the archive flag, the version opened) goes to the form's alert.
 */
const FIELDS = [
  'name',
  'description',
  'levels',
  'opensOn',
  'closesOn',
  'approval.manager',
  'approval.namedApproverIds',
  'approval.namedAbovePoints',
  'behaviourIds',
  'reasonMinLength',
  'serviceHours',
] as const;

const today = () => new Date().toISOString().slice(0, 10);

function valuesOf(p: AwardProgramme | null): AwardProgrammeInput {
  if (!p) {
    return {
      name: '',
      description: '',
      behaviourIds: [],
      eligibility: { countries: [], divisionIds: [], units: [] },
      levels: [
        { key: 'bronze', name: 'Bronze', points: 100 },
        { key: 'silver', name: 'Silver', points: 250 },
        { key: 'gold', name: 'Gold', points: 500 },
      ],
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
      opensOn: today(),
      closesOn: `${new Date().getFullYear()}-12-31`,
      reasonMinLength: 50,
      serviceHours: 72,
      archived: false,
    };
  }
  return {
    name: p.name,
    description: p.description,
    behaviourIds: p.behaviours.map((b) => b.id),
    eligibility: p.eligibility,
    levels: p.levels,
    approval: p.approval,
    opensOn: p.opensOn,
    closesOn: p.closesOn,
    reasonMinLength: p.reasonMinLength,
    reciprocalDays: p.reciprocalDays,
    serviceHours: p.serviceHours,
    archived: p.archived,
    expectedUpdatedAt: p.updatedAt,
  };
}

/** A programme's settings: name, levels, window, who approves, who may be nominated. */
export function ProgrammeForm({ programme, onSaved }: { programme: AwardProgramme | null; onSaved: () => void }) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(awardProgrammeInputSchema, {
    defaultValues: valuesOf(programme),
    fields: FIELDS,
    title: 'The programme was not saved',
  });
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const save = useSaveProgramme();
  const behaviours = useBehaviours().data ?? [];

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ id: programme?.id ?? null, body: values });
    onSaved();
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={programme ? `Edit ${programme.name}` : 'New programme'}
    >
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <TextInput label="Name" required error={fieldError(errors.name?.message)} {...form.register('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          error={fieldError(errors.description?.message)}
          {...form.register('description')}
        />
        <Stack gap="xs" role="group" aria-label="Levels">
          {levels.fields.map((field, i) => (
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
              {levels.fields.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove level ${i + 1}`}
                  onClick={() => levels.remove(i)}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {errors.levels?.root?.message || errors.levels?.message
            ? fieldError(errors.levels?.root?.message ?? errors.levels?.message)
            : null}
          {levels.fields.length < 10 && (
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              onClick={() => levels.append({ key: '', name: '', points: 100 })}
            >
              Add a level
            </Button>
          )}
        </Stack>
        <Group grow wrap="wrap">
          <TextInput
            type="date"
            label="Opens"
            required
            error={fieldError(errors.opensOn?.message)}
            {...form.register('opensOn')}
          />
          <TextInput
            type="date"
            label="Closes"
            required
            error={fieldError(errors.closesOn?.message)}
            {...form.register('closesOn')}
          />
        </Group>
        <Stack gap={6} role="group" aria-label="Who approves">
          <Checkbox
            label="The nominee’s manager approves"
            error={fieldError(errors.approval?.manager?.message)}
            {...form.register('approval.manager')}
          />
          <Checkbox label="Then that manager’s manager" {...form.register('approval.managersManager')} />
        </Stack>
        <Controller
          control={form.control}
          name="approval.namedApproverIds"
          render={({ field }) => (
            <MemberMultiPicker
              label="Named approvers (a last step)"
              value={(field.value ?? []).map(Number)}
              onChange={(ids) => field.onChange(ids)}
              maxValues={20}
              error={fieldError(errors.approval?.namedApproverIds?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="approval.namedAbovePoints"
          render={({ field }) => (
            <NumberInput
              label="Named approvers only for awards above (points; empty: every award)"
              min={0}
              allowDecimal={false}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
              error={fieldError(errors.approval?.namedAbovePoints?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="behaviourIds"
          render={({ field }) => (
            <MultiSelect
              label="Behaviours it honours"
              data={behaviours.map((b) => ({ value: String(b.id), label: b.name }))}
              value={(field.value ?? []).map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              error={fieldError(errors.behaviourIds?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="eligibility.countries"
          render={({ field }) => (
            <TagsInput
              label="Countries who may be nominated (empty: all)"
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="eligibility.units"
          render={({ field }) => (
            <TagsInput
              label="Units who may be nominated (empty: all)"
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <Group grow wrap="wrap">
          <Controller
            control={form.control}
            name="reasonMinLength"
            render={({ field }) => (
              <NumberInput
                label="Shortest reason (characters)"
                min={1}
                allowDecimal={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                error={fieldError(errors.reasonMinLength?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="serviceHours"
            render={({ field }) => (
              <NumberInput
                label="Hours before an approver is reminded"
                min={1}
                allowDecimal={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                error={fieldError(errors.serviceHours?.message)}
              />
            )}
          />
        </Group>
        {programme && <Checkbox label="Archived (takes no nominations)" {...form.register('archived')} />}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {programme ? 'Save programme' : 'Create programme'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
