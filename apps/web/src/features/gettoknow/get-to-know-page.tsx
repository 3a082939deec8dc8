import { useState } from 'react';
import { Button, Center, Loader, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SearchIcon } from '../../components/social/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useGetToKnowSearch } from '../../api/gettoknow.ts';
import { MemberCard } from './components/member-card.tsx';
import classes from './get-to-know-page.module.css';

const SEARCH_DEBOUNCE_MS = 300;

/** /gettoknow: browse and search colleagues' cards, a page at a time. */
export default function GetToKnowPage() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useGetToKnowSearch(query);
  const members = search.data?.pages.flatMap((p) => p.members) ?? [];

  return (
    <>
      <PageTitle title="Get to Know" />
      <Text c="gray.7" mb="md" maw={640}>
        Meet the people you work with: what moves them and what they want to learn.
      </Text>
      <TextInput
        label="Search colleagues"
        placeholder="Name, division or interest"
        leftSection={<SearchIcon size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={420}
        mb="lg"
        type="search"
        rightSection={search.isFetching && !search.isFetchingNextPage ? <Loader size="xs" /> : null}
      />
      {search.isPending ? (
        <div className={classes.grid}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={200} radius="lg" />
          ))}
        </div>
      ) : search.isError && members.length === 0 ? (
        <LoadFailed
          title="Colleagues could not be searched"
          error={search.error}
          onRetry={() => void search.refetch()}
        />
      ) : members.length === 0 ? (
        <Text c="gray.7" role="status">
          {query ? `No colleagues match "${query}".` : 'No colleagues to show yet.'}
        </Text>
      ) : (
        <>
          <ul className={classes.grid} aria-label="Colleagues">
            {members.map((card) => (
              <MemberCard key={card.memberId} card={card} />
            ))}
          </ul>
          {search.hasNextPage && (
            <Center mt="lg">
              <Button variant="light" onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          )}
        </>
      )}
    </>
  );
}
