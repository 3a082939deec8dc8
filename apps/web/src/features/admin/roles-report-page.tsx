import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROLE_NAMES } from '@ovation/shared/capabilities';
import { formatDateTime } from '@ovation/shared/format/date';
import type { RoleChange, RoleHolder } from '@ovation/shared/schemas/admin-roles';
import { useChangeRoles, useRoles } from '../../api/admin-roles.ts';
import { ApiError } from '../../lib/api-error.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useDialogState } from '../../lib/return-focus.ts';
import { toast } from '../../lib/toast.ts';
import { RoleEditor } from './components/role-editor.tsx';
import classes from './components/admin.module.css';

const FILTERS = [
  { value: 'any', label: 'Every holder' },
  ...ROLE_NAMES.map((r) => ({ value: r, label: `Role ${r}` })),
  { value: 'isManager', label: 'Managers (isManager)' },
  { value: 'isAdminReports', label: 'Report administrators (isAdminReports)' },
];

function matches(member: RoleHolder, filter: string): boolean {
  if (filter === 'any') return true;
  if (filter === 'isManager') return member.isManager;
  if (filter === 'isAdminReports') return member.isAdminReports;
  return member.roles.includes(filter);
}

const describeGrant = (g: RoleChange['before']) =>
  [g.roles.join(', ') || 'no roles', g.isAdminReports ? 'report admin' : ''].filter(Boolean).join(' · ');

/** The API client has already shown the refusal in the message box. */
const ignoreShown = () => undefined;

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** /reportroles — who holds which role; report administrators grant and revoke here. */
export default function RolesReportPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 400);
  const [filter, setFilter] = useState('any');
  // The editor is mounted only while open: closing gives the focus back to the Change button,
  // or to the table when the member's row left it (a last role revoked).
  const table = useRef<HTMLDivElement>(null);
  const editor = useDialogState<RoleHolder>(() => table.current);
  const editing = editor.value;
  const roles = useRoles(q);
  const change = useChangeRoles();
  const canManage = roles.data?.canManage ?? false;
  const members = useMemo(() => (roles.data?.members ?? []).filter((m) => matches(m, filter)), [roles.data, filter]);

  const save = async (grant: Parameters<typeof change.mutateAsync>[0]['grant']) => {
    if (!editing) return;
    // The grant as the editor showed it: someone else's change since is refused, not undone (0089).
    const expected = { roles: editing.roles, isAdminReports: editing.isAdminReports };
    try {
      const { change: recorded } = await change.mutateAsync({
        memberId: editing.memberId,
        grant: { ...grant, expected },
      });
      toast.success(recorded ? `Roles of ${editing.name} saved.` : 'Nothing changed.');
      editor.close();
    } catch (error) {
      // The message box said what changed; the list reloads, so the editor would show old roles.
      if (error instanceof ApiError && error.status === 409) editor.close();
      throw error;
    }
  };

  return (
    <Box maw={1100} className={classes.page}>
      <PageTitle title="Roles Report" />
      <Stack gap="lg">
        <Text c="dimmed" mt={-8}>
          Who holds which role and the manager and report administrator flags.
          {canManage ? ' As a report administrator you can change them; every change is kept below.' : ''}
        </Text>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group align="flex-end" gap="md" mb="md" wrap="wrap">
            <TextInput
              label="Find a member"
              description={
                canManage ? 'Name, e-mail or employee number (any member)' : 'Name or employee number of a role holder'
              }
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Select
              label="Show"
              data={FILTERS}
              value={filter}
              onChange={(v) => setFilter(v ?? 'any')}
              allowDeselect={false}
              w={{ base: '100%', sm: 300 }}
            />
          </Group>
          {roles.isPending ? (
            <Loader size="sm" aria-label="Loading roles" />
          ) : roles.isError ? (
            <Alert color="red" variant="light">
              The roles could not be loaded. Reload the page to try again.
            </Alert>
          ) : (
            <div
              ref={table}
              className={classes.tableWrap}
              tabIndex={0}
              role="region"
              aria-label="Table (scrolls sideways)"
            >
              <Table striped verticalSpacing="xs" fz="sm" miw={640}>
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  {members.length} {members.length === 1 ? 'member' : 'members'}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Member</Table.Th>
                    <Table.Th scope="col">Employee no.</Table.Th>
                    <Table.Th scope="col">Roles</Table.Th>
                    <Table.Th scope="col">Manager</Table.Th>
                    <Table.Th scope="col">Report admin</Table.Th>
                    {canManage && (
                      <Table.Th scope="col">
                        <VisuallyHidden>Change</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.map((m) => (
                    <Table.Tr key={m.memberId} data-testid="role-row">
                      <Table.Td>
                        {m.name}
                        {!m.active && (
                          <Badge ml={6} size="xs" variant="default">
                            inactive
                          </Badge>
                        )}
                        {m.directoryManaged && (
                          <Badge
                            ml={6}
                            size="xs"
                            variant="light"
                            color="blue"
                            title="Changed by the firm's directory (SCIM)"
                          >
                            directory
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{m.employeeNumber}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {m.roles.length === 0 ? (
                            <Text size="sm" c="dimmed">
                              —
                            </Text>
                          ) : (
                            m.roles.map((r) => (
                              <Badge key={r} variant="default" size="sm" tt="none">
                                {r}
                              </Badge>
                            ))
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{yesNo(m.isManager)}</Table.Td>
                      <Table.Td>{yesNo(m.isAdminReports)}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => editor.open(m)}
                            aria-label={`Change roles of ${m.name}`}
                          >
                            Change
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            Changes
          </Title>
          {roles.isPending ? (
            <Loader size="sm" aria-label="Loading role changes" />
          ) : roles.isError ? (
            <Alert color="red" variant="light">
              The role changes could not be loaded. Reload the page to try again.
            </Alert>
          ) : roles.data.changes.length === 0 ? (
            <Text c="dimmed">No role has been changed here yet.</Text>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Table (scrolls sideways)">
              <Table striped verticalSpacing="xs" fz="sm" miw={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Member</Table.Th>
                    <Table.Th scope="col">By</Table.Th>
                    <Table.Th scope="col">Before</Table.Th>
                    <Table.Th scope="col">After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {roles.data?.changes.map((c) => (
                    <Table.Tr key={c.changeId} data-testid="role-change">
                      <Table.Td>{formatDateTime(c.changedAt)}</Table.Td>
                      <Table.Td>{c.memberName}</Table.Td>
                      <Table.Td>{c.changedByName}</Table.Td>
                      <Table.Td>{describeGrant(c.before)}</Table.Td>
                      <Table.Td>{describeGrant(c.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Paper>
      </Stack>
      {editing && (
        <RoleEditor
          member={editing}
          saving={change.isPending}
          onSave={(grant) => void save(grant).catch(ignoreShown)}
          onClose={editor.close}
        />
      )}
    </Box>
  );
}
