import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Box,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { UPLOAD_COLUMNS, UPLOAD_MAX_ROWS, type UploadKind } from '@ovation/shared/schemas/admin-uploads';
import {
  downloadTemplate,
  postUpload,
  useApplyUpload,
  useDiscardUpload,
  useReverseUpload,
  useUpload,
} from '../../api/admin-uploads.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { formatPoints } from '@ovation/shared/format/money';
import { useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { describeError } from '../../lib/api-error.ts';
import { UploadStatusPanel } from './components/upload-status.tsx';
import classes from './components/admin.module.css';

const KIND_LABELS: Record<UploadKind, string> = { members: 'Members', points: 'Points' };
const INTRO: Record<UploadKind, string> = {
  members:
    'New employee numbers create members, who then claim their account on Register; known ones are updated (an empty optional cell keeps what the member has); Active = no deactivates a leaver (signed out, hidden from pickers, balance kept). Valid rows apply; refused rows are listed.',
  points:
    'Each row credits a member’s points or a manager’s team budget from the programme’s issuance account. Refused rows are listed and never applied; the valid rows are applied together, all of them or (if anything fails) none, and can be reversed.',
};

/** /admindataupload — upl-mem, upl-pts and report administrators load members and points files. */
export default function DataUploadPage() {
  const { capabilities } = useSession();
  const kinds = (['members', 'points'] as const).filter((k) =>
    k === 'members' ? capabilities.uploadMembers : capabilities.uploadPoints,
  );
  const [params, setParams] = useSearchParams();
  const uploadId = Number(params.get('upload')) || null;
  const [kind, setKind] = useState<UploadKind>(kinds[0] ?? 'points');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUpload(uploadId);
  const applyUpload = useApplyUpload();
  const reverseUpload = useReverseUpload();
  const discard = useDiscardUpload();

  const send = async () => {
    if (!file) {
      setFileError('Choose a .csv or .xlsx file.');
      return;
    }
    setFileError(null);
    setSending(0);
    try {
      const created = await postUpload(kind, file, setSending);
      setParams({ upload: String(created.uploadId) });
      setFile(null);
    } catch (error) {
      setFileError(describeError(error).body);
    } finally {
      setSending(null);
    }
  };

  const run = (work: Promise<unknown>, message: string) =>
    void work.then(
      () => toast.success(message),
      () => undefined, // the API client has shown the refusal
    );

  const current = upload.data;
  const actions = current && (
    <Group gap="sm">
      {current.canApply && (
        <Button
          loading={applyUpload.isPending}
          // No toast: the status panel (a live region) shows and announces Applying, then Applied; a
          // toast saying "Applying" outlived small uploads, which are applied within a second.
          onClick={() => void applyUpload.mutateAsync(current.uploadId).catch(() => undefined)}
        >
          APPLY {current.summary.valid} {current.summary.valid === 1 ? 'ROW' : 'ROWS'}
        </Button>
      )}
      {current.status === 'checked' && (
        <Button
          variant="default"
          loading={discard.isPending}
          onClick={() => run(discard.mutateAsync(current.uploadId), 'The upload was discarded.')}
        >
          Discard
        </Button>
      )}
      {current.canReverse && (
        <Button
          color="orange"
          variant="default"
          loading={reverseUpload.isPending}
          onClick={() => run(reverseUpload.mutateAsync(current.uploadId), 'The upload was reversed.')}
        >
          Reverse this upload
        </Button>
      )}
      {!['checking', 'applying'].includes(current.status) && (
        <Button variant="subtle" onClick={() => setParams({})}>
          Upload another file
        </Button>
      )}
      <Anchor component={Link} to="/reportuploads" size="sm">
        Uploads report
      </Anchor>
    </Group>
  );

  return (
    <Box maw={1000} className={classes.page}>
      <PageTitle title="Data Upload" />
      <Stack gap="lg">
        {uploadId ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {upload.isPending ? (
              <Loader size="sm" aria-label="Loading the upload" />
            ) : upload.isError ? (
              <Alert color="red" variant="light">
                This upload could not be loaded.
              </Alert>
            ) : (
              current && <UploadStatusPanel upload={current} actions={actions} />
            )}
          </Paper>
        ) : (
          <>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                {kinds.length > 1 && (
                  <SegmentedControl
                    aria-label="What the file holds"
                    value={kind}
                    onChange={(v) => setKind(v as UploadKind)}
                    data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                    w={{ base: '100%', sm: 320 }}
                    styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}
                  />
                )}
                <Text>{INTRO[kind]}</Text>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <FileInput
                    label={`${KIND_LABELS[kind]} file`}
                    description={`CSV or XLSX, at most 20 MB and ${formatPoints(UPLOAD_MAX_ROWS)} rows; the first row names the columns`}
                    placeholder="Choose a file"
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    value={file}
                    onChange={(f) => {
                      setFile(f);
                      setFileError(null);
                    }}
                    error={fileError}
                    clearable
                    // Mantine's clear button is an unnamed "×" (axe button-name).
                    clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
                    w={{ base: '100%', sm: 420 }}
                  />
                  <Button onClick={() => void send()} loading={sending !== null} w={{ base: '100%', sm: 'auto' }}>
                    CHECK FILE
                  </Button>
                </Group>
                {sending !== null && (
                  <Stack gap={4}>
                    <Progress value={sending * 100} aria-label="Uploading the file" />
                    <Text size="sm">Uploading: {Math.round(sending * 100)}%</Text>
                  </Stack>
                )}
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  Columns of a {kind} file
                </Title>
                <Button
                  variant="default"
                  onClick={() => void downloadTemplate(kind).catch((e: Error) => toast.error(e.message))}
                >
                  Download the {kind} template
                </Button>
              </Group>
              {/* On a phone the three columns would scroll sideways: each column of the file is a short entry instead. */}
              <Box component="dl" hiddenFrom="sm" className={classes.columnList}>
                {UPLOAD_COLUMNS[kind].map((c) => (
                  <div key={c.header}>
                    <Text component="dt" size="sm" fw={600}>
                      {c.header}{' '}
                      <Text span size="xs" fw={400} c="dimmed">
                        {c.required ? 'required' : 'optional'}
                      </Text>
                    </Text>
                    <Text component="dd" size="sm">
                      {c.help}
                    </Text>
                  </div>
                ))}
              </Box>
              <Box
                visibleFrom="sm"
                className={classes.tableWrap}
                tabIndex={0}
                role="region"
                aria-label="Table (scrolls sideways)"
              >
                <Table striped fz="sm" verticalSpacing={6} miw={520}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Column</Table.Th>
                      <Table.Th scope="col">Required</Table.Th>
                      <Table.Th scope="col">What goes in it</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {UPLOAD_COLUMNS[kind].map((c) => (
                      <Table.Tr key={c.header}>
                        <Table.Td fw={600}>{c.header}</Table.Td>
                        <Table.Td>{c.required ? 'Yes' : 'No'}</Table.Td>
                        <Table.Td>{c.help}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
              <Text size="sm" c="dimmed" mt="sm">
                Every file is checked first: you see how many members it creates, updates and deactivates (or the points
                it credits) and which rows are refused (with the row number and why) before you apply or discard it. The
                same file cannot be applied twice.
              </Text>
            </Paper>
          </>
        )}
      </Stack>
    </Box>
  );
}
