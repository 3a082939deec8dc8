import { describe, expect, it } from 'vitest';
import { shoutOutListResponseSchema } from '@ovation/shared/schemas/feed';
import type { KudosRow } from '../../src/modules/feed/kudos-feed.repository.ts';
import { serializeKudosItems, serializeKudosList } from '../../src/modules/feed/kudos-list.serializer.ts';
import { presentKudosItem, presentKudosTable } from '../../src/modules/feed/kudos.presenter.ts';
import { NO_FLAGS } from '../../src/modules/feed/viewer-flags.ts';
import { kudosRow } from '../support/feed-factories.ts';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
// Rows as node-postgres returns them: bigint ids and counts as strings.
const rows: KudosRow[] = [
  {
    messageLogId: '42',
    toMemberId: 7,
    memberName: 'Thandi "TK" Khumalo',
    fromMemberName: 'Sam O’Neil',
    f3: 'Client First',
    message: 'Line one\nline two — with </script> and emoji 🎉',
    likeCount: '3' as unknown as number,
    cheerCount: 0,
    supportCount: 1,
    userLiked: false,
    userCheered: false,
    userSupported: false,
    reactedUserLiked: '[{"FullName":"A B"},{"FullName":"C D"},{"FullName":"E F"}]',
    reactedUserCheered: '[]',
    reactedUserSupported: '[{"FullName":"G H"}]',
    createdAtMs: now - 95 * 60_000,
  },
  kudosRow({
    messageLogId: 41,
    toMemberId: 8,
    memberName: 'Lerato M',
    fromMemberName: 'Jo K',
    createdAtMs: String(now + 5_000),
  }),
];

describe('serializeKudosList', () => {
  it('writes exactly what the typed presenter and JSON.stringify write, with the viewer’s flags', () => {
    const flags = new Map([[42, { ...NO_FLAGS, userLiked: true, userSupported: true }]]);
    const text = serializeKudosList(rows, flags, true, now);
    const withFlags = rows.map((row, i) => (i === 0 ? { ...row, userLiked: true, userSupported: true } : row));
    const expected = { shoutOuts: presentKudosTable(withFlags, now), hasMore: true };
    expect(text).toBe(JSON.stringify(expected));
    expect(shoutOutListResponseSchema.parse(JSON.parse(text))).toEqual(expected);
    const [first, second] = expected.shoutOuts.rows;
    expect(first).toEqual([
      42,
      7,
      rows[0]!.memberName,
      'Sam O’Neil',
      'Client First',
      rows[0]!.message,
      3,
      0,
      1,
      true,
      false,
      true,
      rows[0]!.reactedUserLiked,
      '[]',
      rows[0]!.reactedUserSupported,
      95,
    ]);
    expect(second!.at(-1)).toBe(0);
  });

  it('reuses a page’s field JSON but never another viewer’s flags or a stale mins', () => {
    const mine = serializeKudosList(rows, new Map([[41, { ...NO_FLAGS, userCheered: true }]]), false, now);
    const theirs = serializeKudosList(rows, new Map(), false, now + 10 * 60_000);
    const parse = (text: string) => (JSON.parse(text) as { shoutOuts: { rows: unknown[][] } }).shoutOuts.rows;
    expect(parse(mine)[1]!.slice(9, 12)).toEqual([false, true, false]);
    expect(parse(theirs)[1]!.slice(9, 12)).toEqual([false, false, false]);
    expect(parse(theirs)[0]!.at(-1)).toBe(105);
  });

  it('reuses the text for viewers with no flags only while every item’s mins is unchanged', () => {
    const page = rows.map((row) => ({ ...row }));
    const expected = (at: number, more = false) =>
      JSON.stringify({ shoutOuts: presentKudosTable(page, at), hasMore: more });
    const first = serializeKudosList(page, new Map(), false, now);
    expect(first).toBe(expected(now));
    expect(serializeKudosList(page, new Map(), false, now + 1_000)).toBe(first);
    expect(serializeKudosList(page, new Map(), true, now + 1_000)).toBe(expected(now + 1_000, true));
    // A flagged viewer never gets the unflagged text…
    const flagged = serializeKudosList(page, new Map([[42, { ...NO_FLAGS, userLiked: true }]]), false, now);
    expect(JSON.parse(flagged).shoutOuts.rows[0][9]).toBe(true);
    // …and a minute later the text is written again.
    expect(serializeKudosList(page, new Map(), false, now + 60_000)).toBe(expected(now + 60_000));
    expect(serializeKudosItems(page, new Map(), now)).toBe(
      JSON.stringify(page.map((row) => presentKudosItem(row, now))),
    );
    expect(serializeKudosItems(page, new Map(), now + 60_000)).toBe(
      JSON.stringify(page.map((row) => presentKudosItem(row, now + 60_000))),
    );
  });

  it('writes an empty page', () => {
    expect(JSON.parse(serializeKudosList([], new Map(), false, now))).toEqual({
      shoutOuts: { fields: expect.any(Array), rows: [] },
      hasMore: false,
    });
  });
});
