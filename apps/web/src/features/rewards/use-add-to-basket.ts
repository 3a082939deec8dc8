import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast.ts';
import { BASKET_MAX_QUANTITY } from '@ovation/shared/schemas/rewards';
import { getBasket, rewardsKeys, useSetBasketLine } from '../../api/rewards.ts';

/**
 * Adds units of an item to the basket (on top of what is there) and says so. The line is set
 * from the basket as the server holds it now, not as this page last saw it: another tab may
 * have changed it. Answers whether the units were added.
 */
export function useAddToBasket() {
  const queryClient = useQueryClient();
  const setLine = useSetBasketLine();
  const [adding, setAdding] = useState<number | null>(null);
  const add = async (item: { rewardId: number; name: string }, quantity = 1): Promise<boolean> => {
    setAdding(item.rewardId);
    try {
      const basket = await queryClient.fetchQuery({
        queryKey: rewardsKeys.basket(),
        queryFn: ({ signal }) => getBasket(signal),
        staleTime: 0,
      });
      const held = basket.lines.find((l) => l.rewardId === item.rewardId)?.quantity ?? 0;
      if (held + quantity > BASKET_MAX_QUANTITY) {
        toast.error(`Your basket already holds ${held} of ${item.name}: at most ${BASKET_MAX_QUANTITY} in one order.`);
        return false;
      }
      await setLine.mutateAsync({ rewardId: item.rewardId, quantity: held + quantity });
      toast.success(`${item.name} is in your basket`);
      return true;
    } catch (error) {
      toast.error(describeError(error).body);
      return false;
    } finally {
      setAdding(null);
    }
  };
  return { add, adding };
}
