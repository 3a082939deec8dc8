import { describe, expect, it } from 'vitest';
import { kudosItem } from '../test/kudos-fixture.ts';
import type { KudosData } from './kudos.ts';
import {
  applyLiveCounts,
  applyServerItem,
  flipReaction,
  reactorNames,
  reactorsText,
  updateKudosItem,
} from './kudos-reactions.ts';

describe('reactions', () => {
  it('flips the own flag at once and moves the count with it', () => {
    const liked = flipReaction(kudosItem(), 1);
    expect(liked).toMatchObject({ userLiked: true, likeCount: 4 });
    const unsupported = flipReaction(kudosItem(), 3);
    expect(unsupported).toMatchObject({ userSupported: false, supportCount: 0 });
    expect(flipReaction(kudosItem({ cheerCount: 0, userCheered: true }), 2).cheerCount).toBe(0); // never negative
  });

  it("lets the server's answer replace counts, flags, names and mins, nothing else", () => {
    const optimistic = flipReaction(kudosItem(), 1);
    const server = kudosItem({
      likeCount: 10,
      userLiked: true,
      reactedUserLiked: '[{"FullName":"Me"}]',
      mins: 6,
      message: 'changed?',
    });
    const next = applyServerItem(optimistic, server);
    expect(next).toMatchObject({ likeCount: 10, userLiked: true, reactedUserLiked: '[{"FullName":"Me"}]', mins: 6 });
    expect(next.message).toBe('Thank you!');
  });

  it("applies another member's live counts without touching the own flags", () => {
    const next = applyLiveCounts(kudosItem(), { messageLogId: 7, likeCount: 9, userLiked: true });
    expect(next).toMatchObject({ likeCount: 9, userLiked: false });
  });

  it('updates an item wherever it is in the loaded pages', () => {
    const data: KudosData = {
      pages: [
        { items: [kudosItem({ messageLogId: 9 })], hasMore: true },
        { items: [kudosItem()], hasMore: false },
      ],
      pageParams: [{ page: 1 }, { page: 2, anchor: 9 }],
    };
    const next = updateKudosItem(data, 7, (i) => flipReaction(i, 2))!;
    expect(next.pages[1]!.items[0]).toMatchObject({ userCheered: true, cheerCount: 1 });
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(updateKudosItem(data, 123, (i) => i)).toBe(data);
  });

  it('says who reacted', () => {
    const names = reactorNames(
      '[{"FullName":"Ann"},{"FullName":"Ben"},{"FullName":"Cy"},{"FullName":"Di"},{"FullName":"Ed"}]',
    );
    expect(reactorsText('Liked', names, 5)).toBe('Liked by Ann, Ben and 3 others');
    expect(reactorsText('Liked', ['Ann', 'Ben'], 2)).toBe('Liked by Ann and Ben');
    expect(reactorsText('Cheered', ['Ann'], 1)).toBe('Cheered by Ann');
    expect(reactorsText('Supported', [], 0)).toBe('Not supported yet');
    expect(reactorNames('not json')).toEqual([]);
  });
});
