import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import type { UploadResponse, UploadStatus } from '@ovation/shared/schemas/admin-uploads';
import { downloadRefusedRows, UPLOAD_BUSY } from '../../../api/admin-uploads.ts';
import { toast } from '../../../lib/toast.ts';
import classes from './admin.module.css';

export const STATUS_LABELS: Record<UploadStatus, { label: string; color: string }> = {
  checking: { label: 'Checking', color: 'indigo.9' },
  checked: { label: 'Checked', color: 'blue.9' },
  applying: { label: 'Applying', color: 'indigo.9' },
  applied: { label: 'Applied', color: 'teal.9' },
  discarded: { label: 'Discarded', color: 'gray.7' },
  reversed: { label: 'Reversed', color: 'orange.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

export function StatusBadge({ status }: { status: UploadStatus }) {
  const s = STATUS_LABELS[status];
  return (
    <Badge color={s.color} variant="filled" data-testid="upload-status">
      {s.label}
    </Badge>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {typeof value === 'number' ? formatPoints(value) : value}
      </Text>
    </Paper>
  );
}

const REFUSED_SHOWN = 50;

/** An upload's state: progress while busy, the preview (what will change), refused rows, actions. */
export function UploadStatusPanel({ upload, actions }: { upload: UploadResponse; actions?: React.ReactNode }) {
  const busy = UPLOAD_BUSY.includes(upload.status);
  const { done, total } = upload.progress;
  const s = upload.summary;
  const applied = upload.status === 'applied' || upload.status === 'reversed';
  return (
    <Stack gap="md" aria-live="polite">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {upload.fileName}
        </Title>
        <StatusBadge status={upload.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {upload.kind === 'members' ? 'Members' : 'Points'} upload {upload.uploadId} by {upload.uploadedBy},{' '}
        {formatDateTime(upload.createdAt)}
        {upload.appliedAt ? ` · applied ${formatDateTime(upload.appliedAt)}` : ''}
        {upload.reversedAt ? ` · reversed ${formatDateTime(upload.reversedAt)}` : ''}
      </Text>

      {busy && (
        <Stack gap={4}>
          <Progress
            value={total > 0 ? Math.min(100, (done / total) * 100) : 100}
            animated
            striped={total === 0}
            aria-label={upload.status === 'checking' ? 'Checking rows' : 'Applying rows'}
          />
          <Text size="sm">
            {upload.status === 'checking' ? 'Checking' : 'Applying'}: {formatPoints(done)}
            {total > 0 ? ` of ${formatPoints(total)}` : ''} rows. You may close this page; the work goes on.
          </Text>
        </Stack>
      )}

      {upload.status === 'failed' && (
        <Alert color="red" variant="light" title="The upload failed">
          {upload.error}
        </Alert>
      )}

      {upload.duplicateOf && !applied && (
        <Alert color="orange" variant="light" title="This file was applied before">
          The same file was applied on {formatDateTime(upload.duplicateOf.appliedAt)} by {upload.duplicateOf.by} (upload{' '}
          {upload.duplicateOf.uploadId}). It cannot be applied twice.
        </Alert>
      )}

      {!busy && upload.status !== 'failed' && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Rows" value={s.rows} />
          <Figure label={applied ? 'Applied' : 'Will apply'} value={s.valid} />
          <Figure label="Refused" value={s.refused} />
          {upload.kind === 'members' ? (
            <>
              <Figure label="New members" value={s.created} />
              <Figure label="Updated" value={s.updated} />
              <Figure label="Deactivated" value={s.deactivated} />
              <Figure label="Unchanged" value={s.unchanged} />
            </>
          ) : (
            <>
              <Figure label="Members" value={s.members} />
              <Figure label="Personal points" value={s.personalPoints} />
              <Figure label="Team budget points" value={s.teamPoints} />
            </>
          )}
        </SimpleGrid>
      )}

      {upload.refusedRows.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h5">
              Refused rows
            </Title>
            <Button
              size="xs"
              variant="default"
              onClick={() => void downloadRefusedRows(upload.uploadId).catch((e: Error) => toast.error(e.message))}
            >
              Download refused rows (CSV)
            </Button>
          </Group>
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Table (scrolls sideways)">
            <Table striped fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={80}>
                    Row
                  </Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {upload.refusedRows.slice(0, REFUSED_SHOWN).map((r) => (
                  <Table.Tr key={r.row} data-testid="refused-row">
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td className={classes.itemText}>{r.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          {upload.refusedRows.length > REFUSED_SHOWN && (
            <Text size="sm" c="dimmed">
              The first {REFUSED_SHOWN} are shown; the CSV has all {formatPoints(s.refused)}.
            </Text>
          )}
        </Stack>
      )}
      {actions}
    </Stack>
  );
}
