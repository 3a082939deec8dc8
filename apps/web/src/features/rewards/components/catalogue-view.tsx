import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import {
  CATALOGUE_SEARCH_MAX,
  CATALOGUE_SORTS,
  type CatalogueQuery,
  type CatalogueSort,
} from '@ovation/shared/schemas/rewards';
import { catalogueQueryOptions, useCatalogue } from '../../../api/rewards.ts';
import { describeError } from '../../../lib/api-error.ts';
import classes from '../rewards.module.css';
import { useAddToBasket } from '../use-add-to-basket.ts';
import { RewardCard } from './reward-card.tsx';

/** Cards whose pictures load at once: the first screen of a wide grid (two rows of a phone's). */
const FIRST_SCREEN_CARDS = 4;

const SORT_LABELS: Record<CatalogueSort, string> = {
  points: 'Points: low to high',
  name: 'Name: A to Z',
  newest: 'Newest first',
};

interface CatalogueViewProps {
  category: string | undefined;
  pointsName: string;
  balance: number;
}

/** The catalogue: categories, search, sort, "only what I can afford" and pages — all in the address. */
export function CatalogueView({ category, pointsName, balance }: CatalogueViewProps) {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const query: CatalogueQuery = {
    category,
    q: params.get('q') ?? undefined,
    sort: (CATALOGUE_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as CatalogueSort) : 'points',
    affordable: params.get('affordable') === 'true',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const catalogue = useCatalogue(query);
  const { add, adding } = useAddToBasket();
  const [search, setSearch] = useState(query.q ?? '');

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: !('page' in changes) });
  };

  // Search as the member types (debounced), keeping the address shareable. The timer reads the
  // newest render's address: a category picked while it ran must not be undone by a stale one.
  const latest = useRef({ update, q: query.q });
  useEffect(() => {
    latest.current = { update, q: query.q };
  });
  useEffect(() => {
    const handle = setTimeout(() => {
      const { update: apply, q } = latest.current;
      if ((search.trim() || undefined) !== q) apply({ q: search.trim() || null });
    }, 350);
    return () => clearTimeout(handle);
  }, [search]);

  const suffix = params.toString()
    ? `?${new URLSearchParams([...params].filter(([k]) => k !== 'page')).toString()}`
    : '';
  // The server answers an unknown category with no categories at all: the list comes from the
  // whole catalogue then, so the member can still pick one.
  const unknownCategory =
    !!category && !!catalogue.data && !catalogue.isPlaceholderData && catalogue.data.categories.length === 0;
  const allRewards = useQuery({ ...catalogueQueryOptions({ sort: 'points' }), enabled: unknownCategory });
  const categories = (unknownCategory ? allRewards.data?.categories : catalogue.data?.categories) ?? [];
  const total = categories.reduce((sum, c) => sum + c.count, 0);

  return (
    <div className={classes.layout}>
      <nav aria-label="Reward categories" className={classes.categories}>
        <NavLink
          component={Link}
          to={`/redeemrewards${suffix}`}
          label={`All rewards (${total})`}
          active={!category}
          variant="filled"
        />
        {categories.map((c) => (
          <NavLink
            key={c.slug}
            component={Link}
            to={`/redeemrewards/${c.slug}${suffix}`}
            label={`${c.name} (${c.count})`}
            active={c.slug === category}
            variant="filled"
          />
        ))}
      </nav>
      <Stack gap="md">
        <Group gap="sm" align="end" wrap="wrap">
          <TextInput
            label="Search rewards"
            placeholder="Name or description"
            maxLength={CATALOGUE_SEARCH_MAX}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Sort by"
            data={CATALOGUE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={query.sort ?? 'points'}
            onChange={(value) => update({ sort: value && value !== 'points' ? value : null })}
            allowDeselect={false}
            w={200}
          />
          <Switch
            label="Only what I can afford"
            checked={query.affordable ?? false}
            onChange={(e) => update({ affordable: e.currentTarget.checked ? 'true' : null })}
            mb={8}
          />
        </Group>
        {catalogue.isPending ? (
          <Center mih="30vh">
            <Loader aria-label="Loading rewards" />
          </Center>
        ) : catalogue.isError ? (
          <Alert
            classNames={{ title: classes.alertTitle }}
            color="red"
            variant="light"
            title="The rewards could not be loaded"
          >
            {describeError(catalogue.error).body}
          </Alert>
        ) : unknownCategory ? (
          <Alert classNames={{ title: classes.alertTitle }} color="gray" variant="light" title="Unknown category">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">There is no reward category called “{category}”.</Text>
              <Anchor component={Link} to="/redeemrewards">
                See all rewards
              </Anchor>
            </Stack>
          </Alert>
        ) : catalogue.data.items.length === 0 ? (
          <Alert classNames={{ title: classes.alertTitle }} color="gray" variant="light" title="No rewards found">
            {query.affordable
              ? `Nothing here fits your balance of ${formatPoints(balance)} ${pointsName} yet. Try all rewards.`
              : 'Try another search or category.'}
          </Alert>
        ) : (
          <>
            <div className={classes.grid} aria-busy={catalogue.isPlaceholderData}>
              {catalogue.data.items.map((item, index) => (
                <RewardCard
                  key={item.rewardId}
                  eager={index < FIRST_SCREEN_CARDS}
                  item={item}
                  pointsName={pointsName}
                  balance={balance}
                  adding={adding === item.rewardId}
                  onAdd={(i) => void add(i)}
                />
              ))}
            </div>
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={(query.page ?? 1) <= 1}
                onClick={() => update({ page: String((query.page ?? 1) - 1) })}
              >
                Previous page
              </Button>
              <Text size="sm" c="gray.7">
                Page {query.page}
              </Text>
              <Button
                variant="default"
                disabled={!catalogue.data.hasMore}
                onClick={() => update({ page: String((query.page ?? 1) + 1) })}
              >
                Next page
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </div>
  );
}
