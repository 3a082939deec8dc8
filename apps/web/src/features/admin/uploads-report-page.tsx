import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import { LoadFailed } from '../../components/load-failed.tsx';
import { downloadRefusedRows, useUpload, useUploads } from '../../api/admin-uploads.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useDialogState } from '../../lib/return-focus.ts';
import { toast } from '../../lib/toast.ts';
import { StatusBadge, UploadStatusPanel } from './components/upload-status.tsx';
import classes from './components/admin.module.css';

const KIND_FILTER = [
  { value: 'all', label: 'Every kind' },
  { value: 'members', label: 'Members' },
  { value: 'points', label: 'Points' },
];

function UploadDetails({ uploadId, onClose }: { uploadId: number; onClose: () => void }) {
  const upload = useUpload(uploadId);
  return (
    <Modal opened onClose={onClose} title={`Upload ${uploadId}`} size="xl" centered>
      {upload.data ? (
        <UploadStatusPanel upload={upload.data} />
      ) : upload.isError ? (
        <LoadFailed title="The upload could not be loaded" error={upload.error} onRetry={() => void upload.refetch()} />
      ) : (
        <Loader size="sm" aria-label="Loading the upload" />
      )}
    </Modal>
  );
}

/** /reportuploads — every upload of the kinds the member's roles cover. */
export default function UploadsReportPage() {
  const uploads = useUploads();
  const [kind, setKind] = useState('all');
  // The details are mounted only while open: closing gives the focus back to the View button.
  const details = useDialogState<number>();
  const rows = (uploads.data?.uploads ?? []).filter((u) => kind === 'all' || u.kind === kind);

  return (
    <Box maw={1200} className={classes.page}>
      <PageTitle title="Uploads Report" />
      <Stack gap="lg">
        <Text c="dimmed" mt={-8}>
          Every members and points upload your roles cover: who uploaded it, when, what became of it, and the rows that
          were refused.
        </Text>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Select
            label="Kind"
            data={KIND_FILTER}
            value={kind}
            onChange={(v) => setKind(v ?? 'all')}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
            mb="md"
          />
          {uploads.isPending ? (
            <Loader size="sm" aria-label="Loading uploads" />
          ) : uploads.isError ? (
            <Alert color="red" variant="light">
              The uploads could not be loaded. Reload the page to try again.
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed">There are no uploads yet.</Text>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Table (scrolls sideways)">
              <Table striped highlightOnHover fz="sm" verticalSpacing="xs" miw={860}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Uploaded</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">File</Table.Th>
                    <Table.Th scope="col">By</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Rows
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Applied
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Refused
                    </Table.Th>
                    <Table.Th scope="col">Details</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((u) => (
                    <Table.Tr key={u.uploadId} data-testid="upload-row">
                      <Table.Td>{formatDateTime(u.createdAt)}</Table.Td>
                      <Table.Td>{u.kind === 'members' ? 'Members' : 'Points'}</Table.Td>
                      <Table.Td className={classes.itemText}>{u.fileName}</Table.Td>
                      <Table.Td>{u.uploadedBy}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={u.status} />
                      </Table.Td>
                      <Table.Td ta="right">{formatPoints(u.rows)}</Table.Td>
                      <Table.Td ta="right">
                        {u.status === 'applied' || u.status === 'reversed' ? formatPoints(u.valid) : '—'}
                      </Table.Td>
                      <Table.Td ta="right">{formatPoints(u.refused)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`View upload ${u.uploadId}, ${u.fileName}`}
                            onClick={() => details.open(u.uploadId)}
                          >
                            View
                          </Button>
                          {u.refused > 0 && (
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={`CSV of refused rows, upload ${u.uploadId}`}
                              onClick={() =>
                                void downloadRefusedRows(u.uploadId).catch((e: Error) => toast.error(e.message))
                              }
                            >
                              CSV
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Paper>
      </Stack>
      {details.value !== null && <UploadDetails uploadId={details.value} onClose={details.close} />}
    </Box>
  );
}
