import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AwardProgramme } from '@ovation/shared/schemas/awards';
import { formatPoints } from '@ovation/shared/format/money';
import { useAdminProgrammes, useFundProgramme } from '../../api/awards.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useSession } from '../../api/session-context.tsx';
import { ProgrammeForm } from './components/programme-form.tsx';

/** Funds a programme's budget from the firm's account (keyed: a retry funds once). */
function FundForm({ programme, pointsName }: { programme: AwardProgramme; pointsName: string }) {
  const fund = useFundProgramme();
  const [points, setPoints] = useState<number | ''>('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      aria-label={`Fund ${programme.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (typeof points !== 'number') return;
        fund.mutate(
          { id: programme.id, points },
          {
            onSuccess: (r) => {
              setNote({ ok: true, text: r.message });
              setPoints('');
            },
            onError: (err) => setNote({ ok: false, text: describeError(err).body }),
          },
        );
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NumberInput
          label={`Add ${pointsName} to the budget`}
          min={1}
          allowDecimal={false}
          w={220}
          value={points}
          onChange={(v) => setPoints(typeof v === 'number' ? v : '')}
        />
        <Button type="submit" variant="light" loading={fund.isPending} disabled={typeof points !== 'number'}>
          Fund
        </Button>
      </Group>
      {note && (
        <Text size="sm" c={note.ok ? 'teal.9' : 'red.9'} role={note.ok ? 'status' : 'alert'} mt={4}>
          {note.text}
        </Text>
      )}
    </form>
  );
}

/** /awardsadmin — award programmes for those who run them: settings, budgets, funding. */
export default function AwardProgrammesPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const programmes = useAdminProgrammes();
  const [editing, setEditing] = useState<AwardProgramme | 'new' | null>(null);

  if (editing) {
    return (
      <>
        <PageTitle title={editing === 'new' ? 'New award programme' : `Edit ${editing.name}`} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={860}>
          <ProgrammeForm programme={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />
        </Paper>
        <Button variant="subtle" mt="md" onClick={() => setEditing(null)}>
          Back to the programmes
        </Button>
      </>
    );
  }
  return (
    <>
      <PageTitle title="Award Programmes">
        <Group gap="xs">
          <Button component={Link} to="/awardsadmin/service" variant="light">
            Service awards
          </Button>
          <Button onClick={() => setEditing('new')}>New programme</Button>
        </Group>
      </PageTitle>
      <Stack gap="md" maw={860}>
        {programmes.isPending && <Loader aria-label="Loading programmes" />}
        {programmes.isError && <Alert color="red">{describeError(programmes.error).body}</Alert>}
        {programmes.data?.programmes.length === 0 && (
          <Text c="dimmed">No programme yet. Create one, fund its budget, and members can nominate.</Text>
        )}
        {programmes.data?.programmes.map((p) => (
          <Paper key={p.id} withBorder radius="md" p="md" component="section" aria-labelledby={`programme-${p.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4" id={`programme-${p.id}`}>
                  {p.name}
                </Title>
                <Badge color={p.archived ? 'gray' : p.open ? 'green' : 'yellow'} variant="light">
                  {p.archived ? 'Archived' : p.open ? 'Open' : 'Closed'}
                </Badge>
              </Group>
              <Text size="sm">
                {p.opensOn} to {p.closesOn} · {p.levels.map((l) => `${l.name} ${formatPoints(l.points)}`).join(' · ')}
              </Text>
              <Text size="sm" fw={600}>
                Budget: {formatPoints(p.budget?.available ?? 0)} {pointsName} left · {formatPoints(p.budget?.held ?? 0)}{' '}
                held by nominations waiting
              </Text>
              <FundForm programme={p} pointsName={pointsName} />
              <Button variant="subtle" size="xs" w="fit-content" onClick={() => setEditing(p)}>
                Edit {p.name}
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
