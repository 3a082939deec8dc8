import { KUDOS_FIELDS, type KudosItem } from '@ovation/shared/schemas/feed';
import type { KudosRow } from './kudos-feed.repository.ts';
import { presentKudosItem } from './kudos.presenter.ts';
import { toNumber } from '../../db/sql-rows.ts';
import { NO_FLAGS, type ViewerFlags, type ViewerFlagsById } from './viewer-flags.ts';

/** The fields that differ per viewer or per moment; every other field is the same for everyone. */
const PER_REQUEST = new Set<keyof KudosItem>(['userLiked', 'userCheered', 'userSupported', 'mins']);
const FIELDS_JSON = JSON.stringify(KUDOS_FIELDS);
const KEYS_JSON = KUDOS_FIELDS.map((field) => JSON.stringify(field));

interface RowJson {
  id: number;
  createdAtMs: number;
  /** The JSON of each field in KUDOS_FIELDS order; null where it is filled per request. */
  parts: (string | null)[];
}

// Shared pages are cached objects (KudosCaches.kudosPages), so their fields' JSON is worked out
// once per cached page, not once per request.
const rowJsonCache = new WeakMap<KudosRow[], RowJson[]>();

function rowsJson(rows: KudosRow[]): RowJson[] {
  let cached = rowJsonCache.get(rows);
  if (!cached) {
    cached = rows.map((row) => {
      const item = presentKudosItem(row);
      return {
        id: item.messageLogId,
        createdAtMs: toNumber(row.createdAtMs),
        parts: KUDOS_FIELDS.map((field) => (PER_REQUEST.has(field) ? null : JSON.stringify(item[field]))),
      };
    });
    rowJsonCache.set(rows, cached);
  }
  return cached;
}

function perRequestJson(field: keyof KudosItem, flags: ViewerFlags, minsJson: string): string {
  return field === 'mins' ? minsJson : String(flags[field as keyof ViewerFlags]);
}

/** Each row's fields as JSON, in KUDOS_FIELDS order, with the viewer's flags and `mins` filled in. */
function fieldTexts(rows: KudosRow[], flags: ViewerFlagsById, now: number): string[][] {
  return rowsJson(rows).map(({ id, createdAtMs, parts }) => {
    const viewer = flags.get(id) ?? NO_FLAGS;
    const minsJson = String(Math.max(0, Math.floor((now - createdAtMs) / 60_000)));
    return parts.map((part, i) => part ?? perRequestJson(KUDOS_FIELDS[i]!, viewer, minsJson));
  });
}

/**
 * A page's text for viewers with none of its flags set (most viewers of most pages), kept per
 * cached page and reused while every item's `mins` is unchanged: such a viewer's answer costs
 * no serialising at all. Keyed by the page's rows object, so a reaction's patch starts afresh.
 */
interface UnflaggedText {
  mins: number[];
  text: string;
}
const unflaggedLists = new WeakMap<KudosRow[], { hasMore: boolean } & UnflaggedText>();
const unflaggedItems = new WeakMap<KudosRow[], UnflaggedText>();

function minsOf(rows: KudosRow[], now: number): number[] {
  return rowsJson(rows).map(({ createdAtMs }) => Math.max(0, Math.floor((now - createdAtMs) / 60_000)));
}

const sameMins = (a: number[], b: number[]) => a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * The ShoutOutList answer as JSON text, exactly what presentKudosTable + JSON.stringify give
 * (a test holds them equal), built from the shared page's precomputed field JSON plus the
 * viewer's flags and `mins` — the Kudos Thread's hottest path skips per-request serialising.
 */
export function serializeKudosList(
  rows: KudosRow[],
  flags: ViewerFlagsById,
  hasMore: boolean,
  now = Date.now(),
): string {
  const write = () => {
    const rowTexts = fieldTexts(rows, flags, now).map((fields) => `[${fields.join(',')}]`);
    return `{"shoutOuts":{"fields":${FIELDS_JSON},"rows":[${rowTexts.join(',')}]},"hasMore":${hasMore}}`;
  };
  if (flags.size > 0) return write();
  const mins = minsOf(rows, now);
  const kept = unflaggedLists.get(rows);
  if (kept && kept.hasMore === hasMore && sameMins(kept.mins, mins)) return kept.text;
  const text = write();
  unflaggedLists.set(rows, { hasMore, mins, text });
  return text;
}

/** Kudos items as a JSON array of records (Home's recentRecognition), like presentKudosItem gives. */
export function serializeKudosItems(rows: KudosRow[], flags: ViewerFlagsById, now = Date.now()): string {
  const write = () => {
    const items = fieldTexts(rows, flags, now).map(
      (fields) => `{${fields.map((text, i) => `${KEYS_JSON[i]}:${text}`).join(',')}}`,
    );
    return `[${items.join(',')}]`;
  };
  if (flags.size > 0) return write();
  const mins = minsOf(rows, now);
  const kept = unflaggedItems.get(rows);
  if (kept && sameMins(kept.mins, mins)) return kept.text;
  const text = write();
  unflaggedItems.set(rows, { mins, text });
  return text;
}
