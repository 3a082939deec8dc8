import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  UploadKind,
  UploadListResponse,
  UploadResponse,
  UploadStatus,
} from '@ovation/shared/schemas/admin-uploads';
import { api, getAuthToken, xsrfToken, XSRF_HEADER } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { downloadFile } from '../lib/download.ts';
import type { IdempotencyKeys } from '../lib/idempotency.ts';

export const adminUploadKeys = {
  all: () => ['admin', 'uploads'] as const,
  list: () => ['admin', 'uploads', 'list'] as const,
  one: (uploadId: number) => ['admin', 'uploads', uploadId] as const,
};

/** Statuses with background work under way: the page polls while one shows. */
export const UPLOAD_BUSY: readonly UploadStatus[] = ['checking', 'applying'];

function problemMessage(data: unknown, status: number): string {
  if (data && typeof data === 'object') {
    const d = data as { message?: unknown; errors?: Record<string, unknown> };
    if (typeof d.message === 'string') return d.message;
    const first = d.errors && Object.values(d.errors).flat()[0];
    if (typeof first === 'string') return first;
  }
  return status === 0 ? 'A network connection error has occured.' : `The upload failed (${status}).`;
}

/**
 * POST /api/admin/uploads (multipart kind + file) with upload progress: fetch cannot report
 * request progress, so this one call uses XMLHttpRequest with the same bearer and XSRF headers
 * as the API client. Refusals reject with an ApiError the page shows next to the file field.
 */
export async function postUpload(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ uploadId: number; status: UploadStatus }> {
  const xsrf = await xsrfToken();
  const token = getAuthToken();
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/uploads');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(problemMessage(null, 0), 0));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as { uploadId: number; status: UploadStatus });
      else reject(new ApiError(problemMessage(data, xhr.status), xhr.status, xhr.statusText, data));
    };
    xhr.send(form);
  });
}

export const getUpload = (uploadId: number, signal?: AbortSignal) =>
  api.get<UploadResponse>(`/api/admin/uploads/${uploadId}`, { silent: true, signal });
export const getUploads = (signal?: AbortSignal) =>
  api.get<UploadListResponse>('/api/admin/uploads', { silent: true, signal });

/** Apply and reverse move points: one Idempotency-Key per submission (a retry reuses it). */
export const applyUpload = (uploadId: number, keys: IdempotencyKeys) =>
  keys.send({ apply: uploadId }, (key) =>
    api.post<{ uploadId: number; status: UploadStatus }>(
      `/api/admin/uploads/${uploadId}/apply`,
      {},
      {
        headers: { 'Idempotency-Key': key },
      },
    ),
  );
export const reverseUpload = (uploadId: number, keys: IdempotencyKeys) =>
  keys.send({ reverse: uploadId }, (key) =>
    api.post<{ uploadId: number; status: UploadStatus }>(
      `/api/admin/uploads/${uploadId}/reverse`,
      {},
      {
        headers: { 'Idempotency-Key': key },
      },
    ),
  );
export const discardUpload = (uploadId: number) =>
  api.post<{ uploadId: number; status: UploadStatus }>(`/api/admin/uploads/${uploadId}/discard`, {});

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

function useUploadMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Balances change when points are applied or reversed: statements read afresh.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: adminUploadKeys.all() });
      await client.invalidateQueries({ queryKey: ['statements'] });
    },
  });
}

export const useApplyUpload = (keys: IdempotencyKeys) => useUploadMutation((id: number) => applyUpload(id, keys));
export const useReverseUpload = (keys: IdempotencyKeys) => useUploadMutation((id: number) => reverseUpload(id, keys));
export const useDiscardUpload = () => useUploadMutation((id: number) => discardUpload(id));
