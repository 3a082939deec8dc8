import { useState, type ReactNode, type Ref } from 'react';
import { Select } from '@mantine/core';
import { MemberOption } from './member-option.tsx';
import type { MemberSearchResult } from '../../api/members.ts';
import { useMemberOptions } from './use-member-options.ts';

interface MemberPickerProps {
  label: string;
  value: number | null;
  onChange: (id: number | null, member: MemberSearchResult | null) => void;
  onBlur?: () => void;
  /** The input, so a form can focus the field that has an error. */
  ref?: Ref<HTMLInputElement>;
  error?: ReactNode;
  description?: ReactNode;
}

/** One colleague, searched on the server by name or division as the member types. */
export function MemberPicker({ label, value, onChange, onBlur, ref, error, description }: MemberPickerProps) {
  const [search, setSearch] = useState('');
  const [chosenName, setChosenName] = useState('');
  // The box shows the chosen name after a pick: that is not a search, so list everyone again.
  const current = useMemberOptions(value === null ? [] : [value], search === chosenName ? '' : search);

  return (
    <Select<number>
      label={label}
      description={description}
      placeholder="Type a name or division"
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={(id, option) => {
        const [member] = current.remember(id === null ? [] : [id]);
        setChosenName(option?.label ?? '');
        onChange(id, member ?? null);
      }}
      onBlur={onBlur}
      ref={ref}
      data={current.data}
      filter={({ options: items }) => items}
      nothingFoundMessage={current.isSearching ? 'Searching…' : 'No colleagues match'}
      renderOption={({ option }) => <MemberOption member={current.byId.get(option.value)} showTeam={false} />}
      error={error}
      maxDropdownHeight={280}
    />
  );
}
