import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { NewsInput, NewsItem } from '@ovation/shared/schemas/admin-news';
import type { NewsListResponse } from '@ovation/shared/schemas/admin-news';
import {
  adminNewsKeys,
  useAdminNews,
  useCreateNews,
  useDeleteNews,
  useReorderNews,
  useUpdateNews,
} from '../../api/admin-news.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError, describeError } from '../../lib/api-error.ts';
import { focusedElement, returnFocus, useDialogState } from '../../lib/return-focus.ts';
import { toast } from '../../lib/toast.ts';
import { NewsForm, toNewsInput, type NewsFormValues } from './components/news-form.tsx';
import { NewsItemRow, type MoveBy } from './components/news-item-row.tsx';
import { TickerPreview } from './components/ticker-preview.tsx';
import { useMoveFocus } from './use-move-focus.ts';
import classes from './components/admin.module.css';

function isCurrent(input: NewsInput, now = Date.now()): boolean {
  return (
    (!input.showFrom || Date.parse(input.showFrom) <= now) && (!input.showUntil || Date.parse(input.showUntil) > now)
  );
}

/** /newsbulletinadmin — the news role and report administrators edit the Home ticker. */
export default function NewsBulletinAdminPage() {
  const news = useAdminNews();
  const create = useCreateNews();
  const update = useUpdateNews();
  const remove = useDeleteNews();
  const reorder = useReorderNews();
  const client = useQueryClient();
  const [editing, setEditing] = useState<NewsItem | null>(null);
  // The version an edit is made against: the item as opened, or as reloaded after a 409 (0089).
  const [base, setBase] = useState<string | null>(null);
  const editOpener = useRef<Element | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Mounted only while open; after a deletion (its row gone) the focus goes to the list's heading.
  const deleting = useDialogState<NewsItem>(() => listHeading.current);
  const [draft, setDraft] = useState<NewsFormValues | null>(null);
  const items = useMemo(() => news.data?.items ?? [], [news.data]);
  const moveFocus = useMoveFocus(items, reorder.isPending);

  const startEditing = (item: NewsItem) => {
    editOpener.current = focusedElement();
    setEditing(item);
    setBase(item.updatedAt);
  };
  /** Leaves the edit (saved, cancelled or gone): the focus goes back to its Edit button. */
  const stopEditing = () => {
    setEditing(null);
    setBase(null);
    returnFocus(editOpener.current, () => formHeading.current);
    editOpener.current = null;
  };

  // The preview: what the ticker shows now, with the draft in its place (or last when new).
  const preview = useMemo(() => {
    const draftInput = draft && draft.text.trim() ? toNewsInput(draft) : null;
    const shown = items
      .filter((i) => (editing?.newsId === i.newsId ? false : i.current))
      .map((i) => ({ text: i.text, position: i.position, draft: false }));
    if (draftInput && isCurrent(draftInput)) {
      shown.push({ text: draftInput.text, position: editing?.position ?? Number.MAX_SAFE_INTEGER, draft: true });
    }
    return shown.sort((a, b) => a.position - b.position);
  }, [items, draft, editing]);

  const save = async (input: NewsInput) => {
    if (editing) {
      try {
        await update.mutateAsync({ newsId: editing.newsId, input: { ...input, expectedUpdatedAt: base ?? undefined } });
      } catch (error) {
        // Saved by someone else meanwhile: the reloaded list shows their version, and saving again
        // (the form keeps what was typed) replaces it. Deleted meanwhile: nothing left to edit.
        const fresh = client
          .getQueryData<NewsListResponse>(adminNewsKeys.all())
          ?.items.find((i) => i.newsId === editing.newsId);
        if (error instanceof ApiError && error.status === 409 && fresh) setBase(fresh.updatedAt);
        else if (error instanceof ApiError && (error.status === 404 || error.status === 409)) stopEditing();
        throw error;
      }
      toast.success('The news item was saved.');
      stopEditing();
    } else {
      await create.mutateAsync(input);
      toast.success('The news item was added.');
    }
  };

  const move = (index: number, by: MoveBy) => {
    const ids = items.map((i) => i.newsId);
    moveFocus.moving(ids[index]!, by);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    // Another editor may have changed the list meanwhile: the server says so (400 or 409) and the
    // list reloads.
    reorder.mutate(
      { newsIds: ids, expected: items.map((i) => i.newsId) },
      { onError: (error) => toast.error(describeError(error).body, 'The order was not changed') },
    );
  };

  const confirmDelete = async () => {
    const item = deleting.value;
    if (!item) return;
    await remove.mutateAsync(item.newsId);
    if (editing?.newsId === item.newsId) {
      setEditing(null);
      setBase(null);
    }
    deleting.close();
    toast.success('The news item was deleted.');
  };

  return (
    <Box maw={960} className={classes.page}>
      <PageTitle title="News Bulletin Admin" />
      <Stack gap="lg">
        <Text c="dimmed" mt={-8}>
          The news ticker on Home shows the items below that are in their window, in this order. Members see a change
          within five minutes.
        </Text>
        <Stack gap={6}>
          <Title order={2} size="h4">
            Ticker preview
          </Title>
          <TickerPreview items={preview} />
        </Stack>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb="md" ref={formHeading} tabIndex={-1}>
            {editing ? 'Edit news item' : 'Add a news item'}
          </Title>
          <NewsForm editing={editing} onSave={save} onCancel={stopEditing} onDraft={setDraft} />
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb="xs" ref={listHeading} tabIndex={-1}>
            News items
          </Title>
          {news.isPending ? (
            <Loader size="sm" aria-label="Loading news items" />
          ) : news.isError ? (
            <Alert color="red" variant="light">
              The news items could not be loaded. Reload the page to try again.
            </Alert>
          ) : items.length === 0 ? (
            <Text c="dimmed">There are no news items yet.</Text>
          ) : (
            <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="News items in ticker order">
              {items.map((item, index) => (
                <NewsItemRow
                  key={item.newsId}
                  item={item}
                  first={index === 0}
                  last={index === items.length - 1}
                  moving={reorder.isPending}
                  onMove={(by) => move(index, by)}
                  moveButtonRef={(by) => moveFocus.moveButton(item.newsId, by)}
                  onEdit={() => startEditing(item)}
                  onDelete={() => deleting.open(item)}
                />
              ))}
            </Box>
          )}
        </Paper>
      </Stack>

      {deleting.value && (
        <Modal opened onClose={deleting.close} title="Delete this news item?" centered>
          <Stack>
            <Text className={classes.itemText}>{deleting.value.text}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={deleting.close}>
                Keep it
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => void confirmDelete().catch(() => undefined)}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Box>
  );
}
