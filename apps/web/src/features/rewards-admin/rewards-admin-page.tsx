import { useState } from 'react';
import { Alert, Button, Center, FileButton, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { useAdminCatalogue, useLoadCodes, useUploadPicture } from '../../api/rewards-admin.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast.ts';
import { CategoryForm } from './components/category-form.tsx';
import { RewardForm } from './components/reward-form.tsx';

const FULFILMENT = { voucher: 'Voucher', delivery: 'Delivery', donation: 'Donation' } as const;

function RowActions({ item, onEdit }: { item: AdminReward; onEdit: () => void }) {
  const codes = useLoadCodes();
  const picture = useUploadPicture();
  const onCodes = async (file: File | null) => {
    if (!file) return;
    try {
      const result = await codes.mutateAsync({ rewardId: item.rewardId, csv: await file.text() });
      toast.success(`${result.added} codes loaded; ${result.codesInPool} in the pool`);
    } catch (error) {
      toast.error(describeError(error).body);
    }
  };
  const onPicture = async (file: File | null) => {
    if (!file) return;
    try {
      await picture.mutateAsync({ rewardId: item.rewardId, file });
      toast.success(`New picture for ${item.name}`);
    } catch (error) {
      toast.error(describeError(error).body);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${item.name}`}>
        Edit
      </Button>
      <FileButton onChange={(f) => void onPicture(f)} accept="image/jpeg,image/png,image/webp">
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            loading={picture.isPending}
            aria-label={`Picture for ${item.name}: upload`}
          >
            Picture
          </Button>
        )}
      </FileButton>
      {item.fulfilment === 'voucher' && (
        <FileButton onChange={(f) => void onCodes(f)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={codes.isPending}
              aria-label={`Codes CSV for ${item.name}: load voucher codes`}
            >
              Codes CSV
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}

/** /rewardsadmin — the catalogue for report administrators (decision 0023). */
export default function RewardsAdminPage() {
  const catalogue = useAdminCatalogue();
  const [editing, setEditing] = useState<AdminReward | 'new' | null>(null);
  const [addingCategory, setAddingCategory] = useState(false);
  const categories = catalogue.data?.categories ?? [];
  const nameOf = new Map(categories.map((c) => [c.slug, c.name]));

  return (
    <>
      <PageTitle title="Rewards Catalogue" />
      <Stack gap="md">
        <Group gap="sm">
          <Button onClick={() => setEditing('new')} disabled={categories.length === 0}>
            New item
          </Button>
          <Button variant="default" onClick={() => setAddingCategory(true)}>
            New category
          </Button>
        </Group>
        {catalogue.isPending ? (
          <Center mih="30vh">
            <Loader aria-label="Loading the catalogue" />
          </Center>
        ) : catalogue.isError ? (
          <Alert color="red" variant="light" title="The catalogue could not be loaded">
            {describeError(catalogue.error).body}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Kudos</Table.Th>
                  <Table.Th ta="right">Value</Table.Th>
                  <Table.Th>Fulfilment</Table.Th>
                  <Table.Th ta="right">Stock</Table.Th>
                  <Table.Th ta="right">Limit</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {catalogue.data.items.map((item) => (
                  <Table.Tr key={item.rewardId} data-testid="admin-reward">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <img
                          src={item.pictureUrl}
                          alt=""
                          width={48}
                          height={36}
                          style={{ borderRadius: 4, objectFit: 'cover' }}
                        />
                        <Text size="sm" fw={600}>
                          {item.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{nameOf.get(item.category) ?? item.category}</Table.Td>
                    <Table.Td ta="right">{formatPoints(item.pointsCost)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(item.randValue / 100)}
                    </Table.Td>
                    <Table.Td>{FULFILMENT[item.fulfilment]}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {item.fulfilment === 'voucher'
                        ? `${formatPoints(item.codesInPool)} codes`
                        : item.stockLeft === null
                          ? '—'
                          : formatPoints(item.stockLeft)}
                    </Table.Td>
                    <Table.Td ta="right">{item.memberLimit ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} c={item.active ? 'teal.9' : 'red.9'}>
                        {item.active ? 'Offered' : 'Withdrawn'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions item={item} onEdit={() => setEditing(item)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New item' : editing ? `Edit ${editing.name}` : ''}
        size="lg"
      >
        {editing !== null && (
          <RewardForm
            reward={editing === 'new' ? null : editing}
            categories={categories}
            onSaved={(saved) => {
              toast.success(`${saved.name} is saved`);
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <Modal opened={addingCategory} onClose={() => setAddingCategory(false)} title="New category">
        <CategoryForm onSaved={() => setAddingCategory(false)} />
      </Modal>
    </>
  );
}
