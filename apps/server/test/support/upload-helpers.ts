import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { TestContext } from './build-app.ts';

/** A multipart body of fields and one file, as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----ovation${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const csv = (rows: (string | number)[][]) =>
  Buffer.from(
    rows
      .map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(','))
      .join('\n') + '\n',
  );

export async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function postUpload(ctx: TestContext, token: string, kind: string, file: { name: string; bytes: Buffer }) {
  const body = multipart({ kind }, file);
  return ctx.request({ method: 'POST', url: '/api/admin/uploads', token, ...body });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/admin/uploads/{id} until the background work is done. */
export async function settled(ctx: TestContext, token: string, uploadId: number, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.request({ method: 'GET', url: `/api/admin/uploads/${uploadId}`, token });
    if (res.statusCode !== 200) throw new Error(`GET upload ${uploadId}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    if (body.status !== 'checking' && body.status !== 'applying') return body;
    if (Date.now() > end) throw new Error(`upload ${uploadId} still ${body.status}`);
    await sleep(40);
  }
}

/** Uploads and waits for the check. */
export async function checked(ctx: TestContext, token: string, kind: string, file: { name: string; bytes: Buffer }) {
  const res = await postUpload(ctx, token, kind, file);
  if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return settled(ctx, token, res.json().uploadId as number);
}

export const apply = (ctx: TestContext, token: string, uploadId: number, key: string = randomUUID()) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/uploads/${uploadId}/apply`,
    token,
    headers: { 'idempotency-key': key },
    payload: {},
  });

export const reverse = (ctx: TestContext, token: string, uploadId: number, key: string = randomUUID()) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/uploads/${uploadId}/reverse`,
    token,
    headers: { 'idempotency-key': key },
    payload: {},
  });
