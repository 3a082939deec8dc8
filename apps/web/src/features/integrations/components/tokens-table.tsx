import type { ReactNode } from 'react';
import { Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '@ovation/shared/format/date';
import type { IntegrationToken } from '@ovation/shared/schemas/integrations';
import { STATUS_COLOURS, STATUS_LABELS } from './scopes.ts';

export interface TokenActions {
  onRotate: (token: IntegrationToken) => void;
  onRevoke: (token: IntegrationToken) => void;
  /** The token whose rotation or revocation is under way. */
  busyId: number | null;
}

interface TokensTableProps extends TokenActions {
  tokens: IntegrationToken[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** On a phone each token's details and actions sit under its name, beside its status. */
  phone: boolean;
}

const Prefix = ({ token }: { token: IntegrationToken }) => <Code>{token.prefix}…</Code>;
const Scopes = ({ token }: { token: IntegrationToken }) => (
  <Group gap={4} wrap="wrap">
    {token.scopes.map((scope) => (
      <Code key={scope}>{scope}</Code>
    ))}
  </Group>
);
const lastUsed = (token: IntegrationToken) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never');
const expires = (token: IntegrationToken) => (token.expiresOn ? `after ${formatDate(token.expiresOn)}` : 'never');

function Status({ token, size }: { token: IntegrationToken; size: 'xs' | 'sm' }) {
  return (
    <Text size={size} fw={600} c={STATUS_COLOURS[token.status]}>
      {STATUS_LABELS[token.status]}
      {token.status === 'revoked' && token.revokedAt && (
        <Text span size="xs" fw={400} c="gray.7" display="block">
          {formatDate(token.revokedAt)}
        </Text>
      )}
    </Text>
  );
}

/** Rotate and Revoke, on a token that still works; nothing on one that no longer does. */
function Actions({ token, onRotate, onRevoke, busyId }: { token: IntegrationToken } & TokenActions) {
  if (token.status !== 'active') return null;
  const which = `${token.name} (${token.prefix}…)`;
  const busy = busyId !== null;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => onRotate(token)}
        disabled={busy}
        loading={busyId === token.id}
        aria-label={`Rotate ${which}`}
      >
        Rotate
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => onRevoke(token)}
        disabled={busy}
        aria-label={`Revoke ${which}`}
      >
        Revoke
      </Button>
    </Group>
  );
}

function Layout({
  tokens,
  labelledBy,
  headers,
  cells,
}: {
  tokens: IntegrationToken[];
  labelledBy: string;
  headers: ReactNode;
  cells: (token: IntegrationToken) => ReactNode;
}) {
  return (
    <Table striped verticalSpacing="xs" aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>{headers}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id} data-testid="integration-token">
            {cells(token)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The tokens, live first: what each may do, who made it, when it was last used, whether it still works. */
export function TokensTable({ tokens, labelledBy, phone, ...actions }: TokensTableProps) {
  if (phone) {
    return (
      <Layout
        tokens={tokens}
        labelledBy={labelledBy}
        headers={
          <>
            <Table.Th scope="col">Token</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </>
        }
        cells={(token) => (
          <>
            <Table.Td>
              <Stack gap={4}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {token.name}
                </Text>
                <Group gap={6} wrap="wrap">
                  <Prefix token={token} />
                  <Scopes token={token} />
                </Group>
                <Text size="xs" c="gray.7">
                  Made {formatDate(token.createdAt)} by {token.createdByName}
                </Text>
                <Text size="xs" c="gray.7">
                  Last used {lastUsed(token)} · Expires {expires(token)}
                </Text>
                <Actions token={token} {...actions} />
              </Stack>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Status token={token} size="xs" />
            </Table.Td>
          </>
        )}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={880}>
      <Layout
        tokens={tokens}
        labelledBy={labelledBy}
        headers={
          <>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Scopes</Table.Th>
            <Table.Th scope="col">Prefix</Table.Th>
            <Table.Th scope="col">Made by</Table.Th>
            <Table.Th scope="col">Made</Table.Th>
            <Table.Th scope="col">Last used</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </>
        }
        cells={(token) => (
          <>
            <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Table.Td>
            <Table.Td>
              <Scopes token={token} />
            </Table.Td>
            <Table.Td>
              <Prefix token={token} />
            </Table.Td>
            <Table.Td>{token.createdByName}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(token.createdAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(token)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{expires(token)}</Table.Td>
            <Table.Td>
              <Status token={token} size="sm" />
            </Table.Td>
            <Table.Td>
              <Actions token={token} {...actions} />
            </Table.Td>
          </>
        )}
      />
    </Table.ScrollContainer>
  );
}
