import { z } from 'zod';
import { databaseId } from './ids.ts';
import { formatPoints } from '../format/money.ts';

/** Data uploads (issue 11): members and points files, checked, previewed, then applied or discarded. */
export const UPLOAD_KINDS = ['members', 'points'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_STATUSES = [
  'checking',
  'checked',
  'applying',
  'applied',
  'discarded',
  'reversed',
  'failed',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 100_000;
export const UPLOAD_REASON_MAX = 200;
export const UPLOAD_POINTS_MAX = 1_000_000;

export interface UploadColumn {
  /** The header as a person reads it (the template's header row). */
  header: string;
  required: boolean;
  /** What goes in it, shown on the upload page. */
  help: string;
  /** Other headers HR systems give it, read when the header itself is absent (e.g. hireDate). */
  aliases?: readonly string[];
}

/** The columns of each kind, in template order. Headers match ignoring case, spaces and punctuation. */
export const UPLOAD_COLUMNS: Record<UploadKind, readonly UploadColumn[]> = {
  members: [
    { header: 'Employee number', required: true, help: 'Unique per member. A new number creates a member.' },
    { header: 'First name', required: true, help: 'Up to 100 characters.' },
    { header: 'Surname', required: true, help: 'Up to 100 characters.' },
    {
      header: 'E-mail',
      required: false,
      help: 'Unique across members; used to sign in. Needed for a new member; an existing member’s address changes only in a report administrator’s file (empty keeps it).',
    },
    {
      header: 'Cell number',
      required: false,
      help: '10 to 20 characters: digits, spaces, brackets, dashes and a leading +, e.g. +27 82 555 0101.',
    },
    { header: 'Division 1', required: false, help: 'Top level of the division tree, e.g. Assurance.' },
    { header: 'Division 2', required: false, help: 'Second level, under division 1.' },
    { header: 'Division 3', required: false, help: 'The member’s own division, under division 2.' },
    { header: 'Country', required: true, help: 'e.g. South Africa, Kenya.' },
    { header: 'Unit', required: false, help: 'Business unit code, e.g. AUD or TRF.' },
    {
      header: 'Manager employee number',
      required: false,
      help: 'An existing member or a row anywhere in the same file.',
    },
    {
      header: 'Start date',
      required: false,
      help: 'The hire date, from which service milestones count: dd/MM/yyyy or yyyy-MM-dd. A “Hire date” column is read as this one.',
      aliases: ['Hire date'],
    },
    { header: 'Birth date', required: false, help: 'dd/MM/yyyy or yyyy-MM-dd.' },
    {
      header: 'Roles',
      required: false,
      help: 'Comma-separated: rep, upl-mem, upl-pts, news, anniv, upl-mem-nfy, upl-pts-nfy, in a report administrator’s file only. Empty keeps the member’s roles; none clears them.',
    },
    {
      header: 'Active',
      required: false,
      help: 'yes or no; empty keeps what a known member is (a new member is active). No deactivates a leaver; their balance stays.',
    },
  ],
  points: [
    { header: 'Employee number', required: true, help: 'An active member other than you.' },
    { header: 'Points', required: true, help: `A whole number from 1 to ${formatPoints(UPLOAD_POINTS_MAX)}.` },
    { header: 'Account', required: true, help: 'personal, or team (a manager’s team budget).' },
    {
      header: 'Reason',
      required: true,
      help: `Shown on the member’s statement; up to ${UPLOAD_REASON_MAX} characters.`,
    },
  ],
};

/** A header as a key: lower case, letters and digits only ('E-mail' → 'email'). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export const uploadIdParamsSchema = z.object({ uploadId: databaseId('No such upload') });
export const uploadTemplateParamsSchema = z.object({ kind: z.string().max(20) });

export const uploadSummarySchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  refused: z.number().int(),
  /** Members files. */
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  unchanged: z.number().int(),
  /** Points files: points per account. */
  personalPoints: z.number().int(),
  teamPoints: z.number().int(),
  members: z.number().int(),
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

export const refusedRowSchema = z.object({ row: z.number().int(), reason: z.string() });
export type RefusedRow = z.infer<typeof refusedRowSchema>;

export const uploadResponseSchema = z.object({
  uploadId: z.number().int(),
  kind: uploadKindSchema,
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  summary: uploadSummarySchema,
  refusedRows: z.array(refusedRowSchema),
  /** When the same file (by content) was applied before, e.g. 'Applied on 21/11/2026 by Ada Admin (upload 12)'. */
  duplicateOf: z.object({ uploadId: z.number().int(), appliedAt: z.string(), by: z.string() }).nullable(),
  error: z.string().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  /** What the caller may do now. */
  canApply: z.boolean(),
  canReverse: z.boolean(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadCreatedSchema = z.object({ uploadId: z.number().int(), status: z.enum(UPLOAD_STATUSES) });

export const uploadListItemSchema = z.object({
  uploadId: z.number().int(),
  kind: uploadKindSchema,
  fileName: z.string(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  rows: z.number().int(),
  valid: z.number().int(),
  refused: z.number().int(),
  appliedAt: z.string().nullable(),
});
export type UploadListItem = z.infer<typeof uploadListItemSchema>;
export const uploadListResponseSchema = z.object({ uploads: z.array(uploadListItemSchema) });
export type UploadListResponse = z.infer<typeof uploadListResponseSchema>;
