import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error.ts';
import { MemberOption } from './member-option.tsx';
import { LINKED_COLLEAGUE_DROPPED } from './member-picker.tsx';
import { memberSearchOptions, type MemberSearchResult } from '../../api/members.ts';
import { useMemberOptions } from './use-member-options.ts';

export const TEAM_LIMIT = 50;

interface MemberMultiPickerProps {
  label: string;
  value: number[];
  /** The chosen ids, with the details of those the picker knows (for naming them later). */
  onChange: (ids: number[], members: MemberSearchResult[]) => void;
  onBlur?: () => void;
  /** The input, so a form can focus the field that has an error. */
  ref?: Ref<HTMLInputElement>;
  error?: ReactNode;
  description?: ReactNode;
  /** Managers: offer 'Add my whole team' and mark team members in the list. */
  withTeam?: boolean;
  maxValues?: number;
}

/** Several colleagues, searched on the server by name or division as the member types. */
export function MemberMultiPicker(props: MemberMultiPickerProps) {
  const { label, value, onChange, onBlur, ref, error, description, withTeam = false, maxValues } = props;
  const [search, setSearch] = useState('');
  // "Added n team members." belongs to the choice it made: it goes once the field is emptied (sent).
  const [teamNote, setTeamNote] = useState({ text: '', added: false });
  const [addingTeam, setAddingTeam] = useState(false);
  const options = useMemberOptions(value, search);
  // Colleagues named by a link that cannot be chosen (oneself, someone who has left) are dropped, and said so.
  const [dropped, setDropped] = useState(false);
  const unavailable = options.unavailable.join(',');
  if (unavailable && !dropped) setDropped(true);
  useEffect(() => {
    if (!unavailable) return;
    const gone = unavailable.split(',').map(Number);
    onChange(
      value.filter((id) => !gone.includes(id)),
      [],
    );
  }, [unavailable]); // eslint-disable-line react-hooks/exhaustive-deps -- once per set of unavailable ids
  const queryClient = useQueryClient();

  const change = (ids: number[]) => {
    onChange(ids, options.remember(ids));
  };

  const addTeam = async () => {
    setAddingTeam(true);
    try {
      const team = await queryClient.fetchQuery(memberSearchOptions({ query: '', teamOnly: true, limit: TEAM_LIMIT }));
      const ids = [...new Set([...value, ...team.map((m) => m.memberId)])];
      onChange(ids, options.remember(ids, team));
      setTeamNote(
        team.length === 0
          ? { text: 'Your team has no members yet.', added: false }
          : { text: `Added ${team.length} team members.`, added: true },
      );
    } catch (e) {
      setTeamNote({ text: `Your team could not be loaded: ${describeError(e).body}`, added: false });
    } finally {
      setAddingTeam(false);
    }
  };

  return (
    <Stack gap={4}>
      <MultiSelect<number>
        label={label}
        description={dropped ? LINKED_COLLEAGUE_DROPPED : description}
        placeholder={value.length === 0 ? 'Type a name or division' : undefined}
        required
        searchable
        clearable
        // The list opens on a click or typing, not when a form sends the focus here after an
        // error: it covered the error and the fields below it.
        openOnFocus={false}
        hidePickedOptions
        searchValue={search}
        onSearchChange={setSearch}
        value={value}
        onChange={change}
        onBlur={onBlur}
        ref={ref}
        data={options.data}
        // The server already filtered by name or division; do not filter its answer again.
        filter={({ options: items }) => items}
        maxValues={maxValues}
        nothingFoundMessage={options.emptyMessage}
        renderOption={({ option }) => <MemberOption member={options.byId.get(option.value)} showTeam={withTeam} />}
        error={error}
        // The error above the box: the list opens below it when the form focuses the field.
        inputWrapperOrder={['label', 'description', 'error', 'input']}
        maxDropdownHeight={280}
      />
      {withTeam && (
        <Group gap="sm" wrap="wrap">
          <Button variant="light" size="xs" onClick={() => void addTeam()} loading={addingTeam}>
            Add my whole team
          </Button>
          <Text size="xs" c="dimmed" role="status" aria-live="polite">
            {teamNote.added && value.length === 0 ? '' : teamNote.text}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
