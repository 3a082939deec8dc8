import { Box, Group, Text } from '@mantine/core';
import classes from './admin.module.css';

/**
 * A still picture of the Home ticker as it will read: the items in order, separated as the
 * ticker separates them. The item being edited is marked so the editor sees where it lands.
 */
export function TickerPreview({ items }: { items: { text: string; draft?: boolean }[] }) {
  return (
    <Box className={classes.ticker} role="region" aria-label="Ticker preview">
      <span className={classes.tickerLabel}>News</span>
      {items.length === 0 ? (
        <Text size="sm" c="gray.2">
          Nothing is showing: the ticker is hidden on Home.
        </Text>
      ) : (
        <Group
          gap={0}
          className={classes.tickerItems}
          wrap="nowrap"
          tabIndex={0}
          aria-label="News items, scroll sideways"
        >
          {items.map((item, i) => (
            <span key={i} className={classes.tickerItem} data-draft={item.draft || undefined}>
              {item.text}
            </span>
          ))}
        </Group>
      )}
    </Box>
  );
}
