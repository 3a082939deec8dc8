import { useEffect } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_TEXT_MAX, newsTextSchema, type NewsInput, type NewsItem } from '@ovation/shared/schemas/admin-news';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';

/** The form works in the browser's local time (datetime-local); the API takes ISO instants. */
const newsFormSchema = z
  .object({ text: newsTextSchema, showFrom: z.string(), showUntil: z.string() })
  .refine((v) => !v.showFrom || !v.showUntil || new Date(v.showFrom) < new Date(v.showUntil), {
    message: 'Show until must be after show from',
    path: ['showUntil'],
  });
export type NewsFormValues = z.infer<typeof newsFormSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function toNewsInput(values: NewsFormValues): NewsInput {
  const instant = (local: string) => (local ? new Date(local).toISOString() : null);
  return { text: values.text.trim(), showFrom: instant(values.showFrom), showUntil: instant(values.showUntil) };
}

const EMPTY: NewsFormValues = { text: '', showFrom: '', showUntil: '' };
const FIELDS = ['text', 'showFrom', 'showUntil'] as const;

export function NewsForm({
  editing,
  onSave,
  onCancel,
  onDraft,
}: {
  editing: NewsItem | null;
  onSave: (input: NewsInput) => Promise<unknown>;
  onCancel: () => void;
  onDraft: (values: NewsFormValues) => void;
}) {
  const form = useForm<NewsFormValues>({ resolver: zodResolver(newsFormSchema), defaultValues: EMPTY });
  const server = useServerErrors(form, FIELDS, { title: 'The news item was not saved' });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.reset(
      editing
        ? { text: editing.text, showFrom: toLocalInput(editing.showFrom), showUntil: toLocalInput(editing.showUntil) }
        : EMPTY,
    );
  }, [editing, form]);

  const [text = '', showFrom = '', showUntil = ''] = useWatch({
    control: form.control,
    name: ['text', 'showFrom', 'showUntil'],
  });
  useEffect(() => onDraft({ text, showFrom, showUntil }), [text, showFrom, showUntil, onDraft]);

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      await onSave(toNewsInput(values));
      form.reset(EMPTY);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit news item' : 'Add a news item'}>
      <Stack gap="md">
        <FormAlert error={server.formError} />
        <Textarea
          label="News text"
          description={`Plain text, up to ${NEWS_TEXT_MAX} characters (${text.length}/${NEWS_TEXT_MAX})`}
          autosize
          minRows={2}
          maxRows={5}
          required
          maxLength={NEWS_TEXT_MAX}
          error={fieldError(errors.text?.message)}
          {...form.register('text')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Show from"
            description="Empty: from now"
            error={fieldError(errors.showFrom?.message)}
            {...form.register('showFrom')}
          />
          <TextInput
            type="datetime-local"
            label="Show until"
            description="Empty: until deleted"
            error={fieldError(errors.showUntil?.message)}
            {...form.register('showUntil')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {editing && (
            <Button variant="default" onClick={onCancel} w={{ base: '100%', sm: 'auto' }}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} w={{ base: '100%', sm: 'auto' }}>
            {editing ? 'SAVE CHANGES' : 'ADD NEWS ITEM'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
