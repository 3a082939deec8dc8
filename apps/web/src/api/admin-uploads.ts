import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  UploadKind,
  UploadListResponse,
  UploadResponse,
  UploadStatus,
} from '@ovation/shared/schemas/admin-uploads';
import { api } from '../lib/api-client.ts';
import { downloadFile } from '../lib/download.ts';
import { invalidateStale } from './money/stale.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

export const adminUploadKeys = {
  all: () => ['admin', 'uploads'] as const,
  list: () => ['admin', 'uploads', 'list'] as const,
  one: (uploadId: number) => ['admin', 'uploads', uploadId] as const,
};

/** What uploading, applying, reversing and discarding answer. */
type UploadAnswer = { uploadId: number; status: UploadStatus };

/** Statuses with background work under way: the page polls while one shows. */
export const UPLOAD_BUSY: readonly UploadStatus[] = ['checking', 'applying'];

/**
 * POST /api/admin/uploads (multipart kind + file) through the one API client, following the
 * file's progress. It asks silently: the page shows a refusal next to the file field
 * (describeError), and a 401 signs the member out as every other request does.
 */
export function postUpload(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return api.upload<UploadAnswer>('/api/admin/uploads', form, { silent: true, onProgress });
}

export const getUpload = (uploadId: number, signal?: AbortSignal) =>
  api.get<UploadResponse>(`/api/admin/uploads/${uploadId}`, { silent: true, signal });
export const getUploads = (signal?: AbortSignal) =>
  api.get<UploadListResponse>('/api/admin/uploads', { silent: true, signal });

export const discardUpload = (uploadId: number) => api.post<UploadAnswer>(`/api/admin/uploads/${uploadId}/discard`, {});

export const downloadTemplate = (kind: UploadKind) =>
  downloadFile(`/api/admin/uploads/templates/${kind}`, `${kind}-upload-template.csv`);
export const downloadRefusedRows = (uploadId: number) =>
  downloadFile(`/api/admin/uploads/${uploadId}/refused`, `upload-${uploadId}-refused-rows.csv`);

/** One upload, polled every second while it is being checked or applied. */
export function useUpload(uploadId: number | null) {
  return useQuery({
    queryKey: adminUploadKeys.one(uploadId ?? 0),
    queryFn: ({ signal }) => getUpload(uploadId!, signal),
    enabled: uploadId !== null,
    refetchInterval: (query) => (query.state.data && UPLOAD_BUSY.includes(query.state.data.status) ? 1000 : false),
  });
}

export function useUploads() {
  return useQuery({ queryKey: adminUploadKeys.list(), queryFn: ({ signal }) => getUploads(signal) });
}

/**
 * Apply and reverse move points: one Idempotency-Key per submission (a retry reuses it). Not
 * silent: the API client's message box shows a refusal. The upload and the statements reload
 * once settled (money/stale.ts, `upload`).
 */
export const useApplyUpload = () =>
  useMoneyMutation('upload', {
    request: (uploadId: number) => moneyRequest<UploadAnswer>(`/api/admin/uploads/${uploadId}/apply`),
    silent: false,
  });
export const useReverseUpload = () =>
  useMoneyMutation('upload', {
    request: (uploadId: number) => moneyRequest<UploadAnswer>(`/api/admin/uploads/${uploadId}/reverse`),
    silent: false,
  });

/** Discarding moves nothing; what goes stale is the upload's row of the same table. */
export function useDiscardUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => discardUpload(uploadId),
    onSettled: () => invalidateStale(client, 'upload'),
  });
}
