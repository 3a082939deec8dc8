import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import '@mantine/dates/styles.css';
import type { ReportFilterKey, ReportFilterOptions, ReportFilters } from '@ovation/shared/schemas/reports';
import { DayInput } from '../../../components/day-input.tsx';

interface ReportFilterBarProps {
  /** The filters this report offers (its definition). */
  offered: readonly ReportFilterKey[];
  value: ReportFilters;
  options: ReportFilterOptions | undefined;
  onChange: (filters: ReportFilters) => void;
  /** Export buttons on the same row. */
  children?: ReactNode;
}

const dayInputWidth = { base: 'calc(50% - 6px)', sm: 150 };

const fieldWidth = { base: '100%', xs: 'calc(50% - 6px)', sm: 190 };

/** Period (dd/MM/yyyy, typed or picked), division levels 1–3, country and search, applied with 'Show'. */
export function ReportFilterBar({ offered, value, options, onChange, children }: ReportFilterBarProps) {
  const [draft, setDraft] = useState<ReportFilters>(value);
  const has = (key: ReportFilterKey) => offered.includes(key);
  const wrongOrder = !!draft.from && !!draft.to && draft.from > draft.to;
  const divisions = options?.divisions ?? [];

  const levelOptions = (level: number, parentId: number | undefined) =>
    divisions
      .filter((d) => d.level === level && (parentId === undefined || d.parentId === parentId))
      .map((d) => ({ value: String(d.id), label: d.name }));
  const set = (patch: Partial<ReportFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const idOf = (v: string | null) => (v ? Number(v) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (wrongOrder) return;
    const clean = Object.fromEntries(
      Object.entries(draft).filter(([, v]) => v !== undefined && v !== '' && v !== null),
    ) as ReportFilters;
    onChange(clean);
  };
  const clear = () => {
    setDraft({});
    onChange({});
  };

  return (
    <form onSubmit={submit} aria-label="Report filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {has('from') && (
          <DayInput
            clearable
            w={dayInputWidth}
            label="From"
            value={draft.from ?? null}
            maxDate={draft.to}
            onChange={(next) => set({ from: next ?? undefined })}
          />
        )}
        {has('to') && (
          <DayInput
            clearable
            w={dayInputWidth}
            label="To"
            value={draft.to ?? null}
            minDate={draft.from}
            onChange={(next) => set({ to: next ?? undefined })}
            error={wrongOrder ? 'The end is before the start' : undefined}
          />
        )}
        {has('division1') && (
          <Select
            label="Division"
            placeholder="All divisions"
            clearable
            searchable
            w={fieldWidth}
            data={levelOptions(1, undefined)}
            value={draft.division1 ? String(draft.division1) : null}
            onChange={(v) => set({ division1: idOf(v), division2: undefined, division3: undefined })}
          />
        )}
        {has('division2') && (
          <Select
            label="Sub-division"
            placeholder="All sub-divisions"
            clearable
            searchable
            w={fieldWidth}
            data={levelOptions(2, draft.division1)}
            value={draft.division2 ? String(draft.division2) : null}
            onChange={(v) => set({ division2: idOf(v), division3: undefined })}
          />
        )}
        {has('division3') && (
          <Select
            label="Team"
            placeholder="All teams"
            clearable
            searchable
            w={fieldWidth}
            data={levelOptions(3, draft.division2)}
            value={draft.division3 ? String(draft.division3) : null}
            onChange={(v) => set({ division3: idOf(v) })}
          />
        )}
        {has('country') && (
          <Select
            label="Country"
            placeholder="All countries"
            clearable
            searchable
            w={fieldWidth}
            data={options?.countries ?? []}
            value={draft.country ?? null}
            onChange={(v) => set({ country: v ?? undefined })}
          />
        )}
        {has('search') && (
          <TextInput
            label="Search"
            placeholder="Text to find"
            w={fieldWidth}
            maxLength={100}
            value={draft.search ?? ''}
            onChange={(e) => set({ search: e.currentTarget.value })}
          />
        )}
        <Group gap="xs">
          <Button type="submit" disabled={wrongOrder}>
            Show
          </Button>
          <Button variant="subtle" onClick={clear}>
            Clear
          </Button>
        </Group>
        {children}
      </Group>
    </form>
  );
}
