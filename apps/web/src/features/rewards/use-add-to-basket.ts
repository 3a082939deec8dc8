import { useState } from 'react';
import { describeError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast.ts';
import type { BasketResponse } from '@ovation/shared/schemas/rewards';
import { useSetBasketLine } from '../../api/rewards.ts';

/** Adds units of an item to the basket (on top of what is there) and says so. */
export function useAddToBasket(basket: BasketResponse | undefined) {
  const setLine = useSetBasketLine();
  const [adding, setAdding] = useState<number | null>(null);
  const add = async (item: { rewardId: number; name: string }, quantity = 1) => {
    const held = basket?.lines.find((l) => l.rewardId === item.rewardId)?.quantity ?? 0;
    setAdding(item.rewardId);
    try {
      await setLine.mutateAsync({ rewardId: item.rewardId, quantity: held + quantity });
      toast.success(`${item.name} is in your basket`);
    } catch (error) {
      toast.error(describeError(error).body);
    } finally {
      setAdding(null);
    }
  };
  return { add, adding };
}
