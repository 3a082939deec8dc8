import { useState } from 'react';
import { Paper, Tabs } from '@mantine/core';
import { CelebrationsList } from './celebrations-list.tsx';
import { KudosThread, KudosThreadSkeleton } from './kudos-thread.tsx';
import { TrendingList } from './trending-list.tsx';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import classes from './feed-tabs.module.css';

type FeedTab = 'kudos' | 'trending' | 'celebrations';

/**
 * The tabbed feed (spec §2): Kudos Thread first; the other tabs load when first opened. On a
 * phone the feed is far below the banner, so the thread (twenty items and their reactions)
 * renders when it nears the screen or the tabs get focus; until then its skeleton holds its place.
 */
export function FeedTabs() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const [tab, setTab] = useState<FeedTab>('kudos');
  const [opened, setOpened] = useState<Set<FeedTab>>(() => new Set(['kudos']));
  const select = (value: string | null) => {
    const next = (value ?? 'kudos') as FeedTab;
    setTab(next);
    setOpened((o) => (o.has(next) ? o : new Set(o).add(next)));
  };
  return (
    <Paper ref={ref} withBorder radius="lg" p={0} component="section" aria-label="Feed">
      <Tabs value={tab} onChange={select} keepMounted classNames={{ tab: classes.tab, list: classes.list }}>
        <Tabs.List px={4} pt={4}>
          <Tabs.Tab value="kudos">Kudos Thread</Tabs.Tab>
          <Tabs.Tab value="trending">Trending Behaviours</Tabs.Tab>
          <Tabs.Tab value="celebrations">Celebrations</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="kudos" p="sm">
          {near ? (
            <KudosThread />
          ) : (
            // Marked, so tools that check every screen (the accessibility sweep) can bring it near.
            <div data-deferred="kudos-thread">
              <KudosThreadSkeleton animate={false} />
            </div>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="trending" p="md">
          <TrendingList active={opened.has('trending')} />
        </Tabs.Panel>
        <Tabs.Panel value="celebrations" p="sm">
          <CelebrationsList active={opened.has('celebrations')} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
