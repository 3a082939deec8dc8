import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { usePointsName } from '../../../api/session-context.tsx';
import { Controller, useWatch } from 'react-hook-form';
import { FULFILMENTS } from '@ovation/shared/schemas/rewards';
import { useQueryClient } from '@tanstack/react-query';
import {
  rewardInputSchema,
  type AdminCatalogueResponse,
  type AdminReward,
} from '@ovation/shared/schemas/rewards-admin';
import { rewardsAdminKeys, useSaveReward } from '../../../api/rewards-admin.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';

/** The fields on screen: a refusal of the hidden stockLeftWas or expectedUpdatedAt goes to the alert. */
const FIELDS = [
  'category',
  'name',
  'description',
  'pointsCost',
  'randValue',
  'fulfilment',
  'stockLeft',
  'memberLimit',
  'active',
] as const;
const FULFILMENT_OPTIONS: Record<(typeof FULFILMENTS)[number], string> = {
  voucher: 'Digital voucher (codes from a pool)',
  delivery: 'Delivered to an address',
  donation: 'Donation',
};

interface RewardFormProps {
  reward: AdminReward | null;
  categories: { slug: string; name: string }[];
  onSaved: (saved: AdminReward) => void;
}

/** Create or edit an item; Rand values are typed in rands and kept in cents. */
export function RewardForm({ reward, categories, onSaved }: RewardFormProps) {
  const pointsName = usePointsName();
  const { form, formRef, server, errors, submit } = useSchemaForm(rewardInputSchema, {
    // stockLeftWas: the stock shown, so a restock moves it by the change (decision 0083);
    // expectedUpdatedAt: the version opened, so someone else's save meanwhile is not undone (0091).
    defaultValues: reward
      ? { ...reward, stockLeftWas: reward.stockLeft, expectedUpdatedAt: reward.updatedAt }
      : {
          category: categories[0]?.slug ?? '',
          name: '',
          description: '',
          fulfilment: 'delivery',
          stockLeft: null,
          memberLimit: null,
          active: true,
        },
    fields: FIELDS,
    title: 'The item was not saved',
  });
  const save = useSaveReward();
  const queryClient = useQueryClient();
  const fulfilment = useWatch({ control: form.control, name: 'fulfilment' });
  /**
   * Saved by someone else since this form opened: the catalogue has reloaded behind the form, and
   * the form keeps what was typed but now stands on their version, so saving again replaces it.
   */
  const rebaseOnLatest = () => {
    const latest = queryClient
      .getQueryData<AdminCatalogueResponse>(rewardsAdminKeys.catalogue())
      ?.items.find((i) => i.rewardId === reward?.rewardId);
    if (!latest) return;
    form.setValue('expectedUpdatedAt', latest.updatedAt);
    form.setValue('stockLeftWas', latest.stockLeft);
  };
  const onSubmit = submit(async (values) => {
    try {
      onSaved(await save.mutateAsync({ rewardId: reward?.rewardId ?? null, body: values }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) rebaseOnLatest();
      throw error;
    }
  });
  const number = (name: 'pointsCost' | 'stockLeft' | 'memberLimit', label: string, nullable: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={0}
          allowDecimal={false}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? (nullable ? null : undefined) : Number(v))}
          error={fieldError(errors[name]?.message)}
          disabled={name === 'stockLeft' && fulfilment === 'voucher'}
          description={
            name === 'stockLeft'
              ? fulfilment === 'voucher'
                ? 'Follows the code pool'
                : reward
                  ? 'Empty: not limited. Redemptions made while you edit still count.'
                  : 'Empty: not limited'
              : name === 'memberLimit'
                ? 'Empty: no limit'
                : undefined
          }
        />
      )}
    />
  );
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={reward ? `Edit ${reward.name}` : 'New item'}>
      <Stack gap="sm">
        <FormAlert error={server.formError} />
        <TextInput label="Name" required {...form.register('name')} error={fieldError(errors.name?.message)} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          {...form.register('description')}
          error={fieldError(errors.description?.message)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select
                label="Category"
                required
                data={categories.map((c) => ({ value: c.slug, label: c.name }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldError(errors.category?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="fulfilment"
            render={({ field }) => (
              <Select
                label="Fulfilment"
                required
                data={FULFILMENTS.map((f) => ({ value: f, label: FULFILMENT_OPTIONS[f] }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'delivery')}
                error={fieldError(errors.fulfilment?.message)}
                disabled={reward !== null && reward.fulfilment === 'voucher'}
              />
            )}
          />
          {number('pointsCost', `Cost in ${pointsName}`, false)}
          <Controller
            control={form.control}
            name="randValue"
            render={({ field }) => (
              <NumberInput
                label="Rand value (R)"
                required
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=" "
                value={field.value === undefined ? '' : field.value / 100}
                onChange={(v) => field.onChange(v === '' ? undefined : Math.round(Number(v) * 100))}
                error={fieldError(errors.randValue?.message)}
              />
            )}
          />
          {number('stockLeft', 'Stock', true)}
          {number('memberLimit', 'Limit per member', true)}
        </SimpleGrid>
        <Checkbox label="Offered in the catalogue (untick to withdraw)" {...form.register('active')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
