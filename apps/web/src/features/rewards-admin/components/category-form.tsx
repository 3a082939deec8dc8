import { Button, Group, Stack, TextInput } from '@mantine/core';
import { categoryInputSchema } from '@ovation/shared/schemas/rewards-admin';
import { useCreateCategory } from '../../../api/rewards-admin.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { toast } from '../../../lib/toast.ts';

export function CategoryForm({ onSaved }: { onSaved: () => void }) {
  // React Hook Form focuses the first field in error.
  const { form, server, errors, isSubmitting, submit } = useSchemaForm(categoryInputSchema, {
    defaultValues: { name: '', slug: '' },
    title: 'The category was not added',
    focusFirstError: false,
  });
  const create = useCreateCategory();
  const onSubmit = submit(async (values) => {
    const saved = await create.mutateAsync(values);
    toast.success(`${saved.name} is added`);
    onSaved();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New category">
      <Stack gap="sm">
        <FormAlert error={server.formError} />
        <TextInput label="Name" required {...form.register('name')} error={fieldError(errors.name?.message)} />
        <TextInput
          label="Address (slug)"
          description="Shown in the address: /redeemrewards/your-slug"
          required
          {...form.register('slug')}
          error={fieldError(errors.slug?.message)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Add category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
