import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { categoryInputSchema, type CategoryInput } from '@ovation/shared/schemas/rewards-admin';
import { useCreateCategory } from '../../../api/rewards-admin.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';

const FIELDS = ['name', 'slug'] as const;

export function CategoryForm({ onSaved }: { onSaved: () => void }) {
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: '', slug: '' },
  });
  const create = useCreateCategory();
  const server = useServerErrors(form, FIELDS, { title: 'The category was not added' });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const saved = await create.mutateAsync(values);
      toast.success(`${saved.name} is added`);
      onSaved();
    }),
  );
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
          <Button type="submit" loading={form.formState.isSubmitting}>
            Add category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
