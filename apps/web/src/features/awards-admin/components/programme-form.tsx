import {
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
import { Controller } from 'react-hook-form';
import { awardProgrammeInputSchema, type AwardProgramme } from '@ovation/shared/schemas/awards';
import { useSaveProgramme } from '../../../api/awards.ts';
import { useBehaviours } from '../../../api/behaviours.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberMultiPicker } from '../../../components/member-picker/member-multi-picker.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { ProgrammeLevels } from './programme-levels.tsx';
import { programmeFormValues } from './programme-values.ts';

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

/** A programme's settings: name, levels, window, who approves, who may be nominated. */
export function ProgrammeForm({ programme, onSaved }: { programme: AwardProgramme | null; onSaved: () => void }) {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(awardProgrammeInputSchema, {
    defaultValues: programmeFormValues(programme),
    fields: FIELDS,
    title: 'The programme was not saved',
  });
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
        <ProgrammeLevels form={form} />
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
