import { Button, Group, Stack, TextInput } from '@mantine/core';
import { serviceBreakRequestSchema } from '@ovation/shared/schemas/milestones';
import { useAddServiceBreak } from '../../../api/milestones.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { MemberPickerField } from '../../../components/member-picker/member-picker-field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';

/** Records a break in a member's service: their milestones not yet announced move on by its days. */
export function ServiceBreakForm() {
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(serviceBreakRequestSchema, {
    defaultValues: { memberId: undefined as unknown as number, startsOn: '', endsOn: '', note: '' },
    title: 'The break was not recorded',
  });
  const add = useAddServiceBreak();
  const onSubmit = submit(async (values) => {
    await add.mutateAsync(values);
    form.reset();
    toast.success('The break is recorded.');
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Record a break in service">
      <Stack gap="sm">
        <FormAlert error={server.formError} />
        <MemberPickerField
          control={form.control}
          name="memberId"
          label="Member"
          error={fieldError(errors.memberId?.message)}
        />
        <Group grow wrap="wrap">
          <TextInput
            type="date"
            label="From"
            required
            error={fieldError(errors.startsOn?.message)}
            {...form.register('startsOn')}
          />
          <TextInput
            type="date"
            label="To"
            required
            error={fieldError(errors.endsOn?.message)}
            {...form.register('endsOn')}
          />
        </Group>
        <TextInput
          label="Note"
          description="Optional, e.g. unpaid leave"
          error={fieldError(errors.note?.message)}
          {...form.register('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={isSubmitting}>
            Record the break
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
