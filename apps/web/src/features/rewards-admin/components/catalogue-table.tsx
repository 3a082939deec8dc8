import type { ReactNode } from 'react';
import { Group, Stack, Table, Text } from '@mantine/core';
import { usePointsName } from '../../../api/session-context.tsx';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { RewardRowActions } from './reward-row-actions.tsx';

const FULFILMENT = { voucher: 'Voucher', delivery: 'Delivery', donation: 'Donation' } as const;

interface CatalogueTableProps {
  items: AdminReward[];
  categoryName: (slug: string) => string;
  onEdit: (item: AdminReward) => void;
  /** On a phone each item's details and actions sit under its name, beside its Kudos. */
  phone: boolean;
}

const stockOf = (item: AdminReward) =>
  item.fulfilment === 'voucher'
    ? `${formatPoints(item.codesInPool)} codes`
    : item.stockLeft === null
      ? '—'
      : formatPoints(item.stockLeft);

const Picture = ({ item }: { item: AdminReward }) => (
  <img src={item.pictureUrl} alt="" width={48} height={36} style={{ borderRadius: 4, objectFit: 'cover' }} />
);

const Status = ({ item, size }: { item: AdminReward; size: 'xs' | 'sm' }) => (
  <Text size={size} fw={600} c={item.active ? 'teal.9' : 'red.9'}>
    {item.active ? 'Offered' : 'Withdrawn'}
  </Text>
);

interface LayoutProps {
  items: AdminReward[];
  headers: ReactNode;
  cells: (item: AdminReward) => ReactNode;
  spacing: 'xs' | 'sm';
}

/** The table: its header cells, then one row per item with its cells as the layout draws them. */
const Layout = ({ items, headers, cells, spacing }: LayoutProps) => (
  <Table striped highlightOnHover verticalSpacing={spacing}>
    <Table.Thead>
      <Table.Tr>{headers}</Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {items.map((item) => (
        <Table.Tr key={item.rewardId} data-testid="admin-reward">
          {cells(item)}
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** The rewards catalogue as administrators see it: every item, offered or withdrawn. */
export function CatalogueTable({ items, categoryName, onEdit, phone }: CatalogueTableProps) {
  const pointsName = usePointsName();
  if (phone) {
    return (
      <Layout
        items={items}
        spacing="sm"
        headers={
          <>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">{pointsName}</Table.Th>
          </>
        }
        cells={(item) => (
          <>
            <Table.Td>
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Picture item={item} />
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {categoryName(item.category)} · {FULFILMENT[item.fulfilment]} ·{' '}
                      <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.randValue / 100)}</span>
                    </Text>
                    <Text size="xs" c="gray.7">
                      Stock: {stockOf(item)} · Limit: {item.memberLimit ?? '—'}
                    </Text>
                    <Status item={item} size="xs" />
                  </Stack>
                </Group>
                <RewardRowActions item={item} onEdit={() => onEdit(item)} />
              </Stack>
            </Table.Td>
            <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
              {formatPoints(item.pointsCost)}
            </Table.Td>
          </>
        )}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Layout
        items={items}
        spacing="xs"
        headers={
          <>
            <Table.Th>Item</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">{pointsName}</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Fulfilment</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th ta="right">Limit</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        cells={(item) => (
          <>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Picture item={item} />
                <Text size="sm" fw={600}>
                  {item.name}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>{categoryName(item.category)}</Table.Td>
            <Table.Td ta="right">{formatPoints(item.pointsCost)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(item.randValue / 100)}
            </Table.Td>
            <Table.Td>{FULFILMENT[item.fulfilment]}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {stockOf(item)}
            </Table.Td>
            <Table.Td ta="right">{item.memberLimit ?? '—'}</Table.Td>
            <Table.Td>
              <Status item={item} size="sm" />
            </Table.Td>
            <Table.Td>
              <RewardRowActions item={item} onEdit={() => onEdit(item)} />
            </Table.Td>
          </>
        )}
      />
    </Table.ScrollContainer>
  );
}
