import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { useAdminCatalogue } from '../../api/rewards-admin.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast.ts';
import { CatalogueTable } from './components/catalogue-table.tsx';
import { CategoryForm } from './components/category-form.tsx';
import { RewardForm } from './components/reward-form.tsx';

/** /rewardsadmin — the catalogue for report administrators (decision 0023). */
export default function RewardsAdminPage() {
  const catalogue = useAdminCatalogue();
  const [editing, setEditing] = useState<AdminReward | 'new' | null>(null);
  const [addingCategory, setAddingCategory] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const categories = catalogue.data?.categories ?? [];
  const nameOf = new Map(categories.map((c) => [c.slug, c.name]));
  const noCategories = catalogue.isSuccess && categories.length === 0;

  return (
    <>
      <PageTitle title="Rewards Catalogue" />
      <Stack gap="md">
        <Group gap="sm">
          <Button
            onClick={() => setEditing('new')}
            disabled={categories.length === 0}
            aria-describedby={noCategories ? 'rewards-admin-no-categories' : undefined}
          >
            New item
          </Button>
          <Button variant="default" onClick={() => setAddingCategory(true)}>
            New category
          </Button>
        </Group>
        {noCategories && (
          <Text size="sm" c="gray.7" id="rewards-admin-no-categories">
            Every item belongs to a category: add a category first, then its items.
          </Text>
        )}
        {catalogue.isPending ? (
          <Center mih="30vh">
            <Loader aria-label="Loading the catalogue" />
          </Center>
        ) : catalogue.isError ? (
          <Alert color="red" variant="light" title="The catalogue could not be loaded">
            {describeError(catalogue.error).body}
          </Alert>
        ) : catalogue.data.items.length === 0 ? (
          <Text c="gray.7">The catalogue has no items yet. Items you add appear here, offered or withdrawn.</Text>
        ) : (
          <CatalogueTable
            items={catalogue.data.items}
            categoryName={(slug) => nameOf.get(slug) ?? slug}
            onEdit={setEditing}
            phone={phone}
          />
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
