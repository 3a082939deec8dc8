import { useEffect, useState, type ReactNode, type Ref } from 'react';
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
  /** Offer only colleagues in this country (Pay It Forward: South Africa). */
  country?: string;
}

/** Said instead of the description once a colleague named by a link is dropped. */
export const LINKED_COLLEAGUE_DROPPED =
  'The colleague in the link cannot be chosen here (yourself, someone who has left, or outside the programme). Search for a colleague instead.';

/** One colleague, searched on the server by name or division as the member types. */
export function MemberPicker(props: MemberPickerProps) {
  const { label, value, onChange, onBlur, ref, error, description, country } = props;
  const [search, setSearch] = useState('');
  const [chosenName, setChosenName] = useState('');
  // The box shows the chosen name after a pick: that is not a search, so list everyone again.
  const current = useMemberOptions(value === null ? [] : [value], search === chosenName ? '' : search, country);
  const [dropped, setDropped] = useState(false);
  const unavailable = value !== null && current.unavailable.includes(value);
  if (unavailable && !dropped) setDropped(true);
  useEffect(() => {
    if (unavailable) onChange(null, null);
  }, [unavailable, onChange]);

  return (
    <Select<number>
      label={label}
      description={dropped ? LINKED_COLLEAGUE_DROPPED : description}
      placeholder="Type a name or division"
      required
      searchable
      clearable
      // Opens on a click or typing, not when a form focuses it after an error (it covered the error).
      openOnFocus={false}
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
      nothingFoundMessage={current.emptyMessage}
      renderOption={({ option }) => <MemberOption member={current.byId.get(option.value)} showTeam={false} />}
      error={error}
      maxDropdownHeight={280}
    />
  );
}
