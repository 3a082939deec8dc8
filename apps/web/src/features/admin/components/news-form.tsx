import { useEffect } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_TEXT_MAX, newsTextSchema, type NewsInput, type NewsItem } from '@ovation/shared/schemas/admin-news';
import { DayInput } from '../../../components/day-input.tsx';
import { FormAlert, fieldError } from '../../../components/form-feedback.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';

/**
 * The window is typed as a day (dd/mm/yyyy, spec §9, whatever the browser's locale) and a time
 * in the browser's local zone; a day without a time means its start. The API takes ISO instants.
 */
const newsFormSchema = z
  .object({
    text: newsTextSchema,
    fromDay: z.string(),
    fromTime: z.string(),
    untilDay: z.string(),
    untilTime: z.string(),
  })
  .refine((v) => v.fromDay || !v.fromTime, { message: 'Choose the day too', path: ['fromDay'] })
  .refine((v) => v.untilDay || !v.untilTime, { message: 'Choose the day too', path: ['untilDay'] })
  .refine(
    (v) => {
      const from = instant(v.fromDay, v.fromTime);
      const until = instant(v.untilDay, v.untilTime);
      return !from || !until || from < until;
    },
    { message: 'Show until must be after show from', path: ['untilDay'] },
  );
export type NewsFormValues = z.infer<typeof newsFormSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A day ('YYYY-MM-DD') and a time ('HH:mm', or empty for the day's start) in the browser's zone, as an ISO instant. */
function instant(day: string, time: string): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = (time || '00:00').split(':').map(Number);
  return new Date(y!, m! - 1, d!, h ?? 0, min ?? 0).toISOString();
}

/** An ISO instant as the form's day and time in the browser's zone. */
export function toDayAndTime(iso: string | null): { day: string; time: string } {
  if (!iso) return { day: '', time: '' };
  const d = new Date(iso);
  return {
    day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

export function toNewsInput(values: NewsFormValues): NewsInput {
  return {
    text: values.text.trim(),
    showFrom: instant(values.fromDay, values.fromTime),
    showUntil: instant(values.untilDay, values.untilTime),
  };
}

function fromItem(item: NewsItem): NewsFormValues {
  const from = toDayAndTime(item.showFrom);
  const until = toDayAndTime(item.showUntil);
  return { text: item.text, fromDay: from.day, fromTime: from.time, untilDay: until.day, untilTime: until.time };
}

const EMPTY: NewsFormValues = { text: '', fromDay: '', fromTime: '', untilDay: '', untilTime: '' };
/** Watched as they are typed, for the draft preview. */
const DRAFT_FIELDS = ['text', 'fromDay', 'fromTime', 'untilDay', 'untilTime'] as const;

/** One end of the window: a day and, optionally, a time. */
function WindowEnd({
  form,
  day,
  time,
  label,
  timeLabel,
  description,
}: {
  form: UseFormReturn<NewsFormValues>;
  day: 'fromDay' | 'untilDay';
  time: 'fromTime' | 'untilTime';
  label: string;
  timeLabel: string;
  description: string;
}) {
  const { errors } = form.formState;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Controller
        control={form.control}
        name={day}
        render={({ field }) => (
          <DayInput
            label={label}
            description={description}
            clearable
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={fieldError(errors[day]?.message)}
            flex={1}
          />
        )}
      />
      <TimeInput
        label={timeLabel}
        description="Local time"
        w={120}
        error={fieldError(errors[time]?.message)}
        {...form.register(time)}
      />
    </Group>
  );
}

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
  const { form, formRef, server, errors, isSubmitting, submit } = useSchemaForm(newsFormSchema, {
    defaultValues: EMPTY,
    title: 'The news item was not saved',
  });

  useEffect(() => {
    form.reset(editing ? fromItem(editing) : EMPTY);
    // Edit pressed in the list below: the text, scrolled into view, is where the work goes on
    // (after the reset has rendered: focusing in the same pass leaves the focus where it was).
    if (!editing) return;
    const timer = setTimeout(() => form.setFocus('text'), 0);
    return () => clearTimeout(timer);
  }, [editing, form]);

  const [text = '', fromDay = '', fromTime = '', untilDay = '', untilTime = ''] = useWatch({
    control: form.control,
    name: DRAFT_FIELDS,
  });
  useEffect(
    () => onDraft({ text, fromDay, fromTime, untilDay, untilTime }),
    [text, fromDay, fromTime, untilDay, untilTime, onDraft],
  );

  const onSubmit = submit(async (values) => {
    const adding = !editing;
    await onSave(toNewsInput(values));
    form.reset(EMPTY);
    // The busy submit button dropped the focus to the page; an added item leaves the form
    // ready for the next one, so the focus goes to its text once the reset has rendered (an
    // edit gives it back to its Edit button).
    if (adding) setTimeout(() => form.setFocus('text'), 0);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit news item' : 'Add a news item'}>
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
          <WindowEnd
            form={form}
            day="fromDay"
            time="fromTime"
            label="Show from"
            timeLabel="From time"
            description="Empty: from now"
          />
          <WindowEnd
            form={form}
            day="untilDay"
            time="untilTime"
            label="Show until"
            timeLabel="Until time"
            description="Empty: until deleted"
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
