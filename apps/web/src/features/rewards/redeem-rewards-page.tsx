import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useBasket } from '../../api/rewards.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../api/session-context.tsx';
import { BalanceBar } from './components/balance-bar.tsx';
import { CatalogueView } from './components/catalogue-view.tsx';
import { RewardDetail } from './components/reward-detail.tsx';

/**
 * /redeemrewards/:urlParam? and /redeemrewards/item/:rewardId — the catalogue by category (a
 * slug such as /redeemrewards/vouchers) or one item. South Africa only (the route guard).
 */
export default function RedeemRewardsPage() {
  const { urlParam, rewardId } = useParams();
  const { profile } = useSession();
  const basket = useBasket();
  const pointsName = profile?.pointsName || 'points';
  const balance = basket.data?.balance ?? profile?.awardsPointsAvailable ?? 0;

  if (rewardId !== undefined) {
    const id = /^\d+$/.test(rewardId) ? Number(rewardId) : null;
    return (
      <>
        <PageTitle title="Redeem Rewards" />
        <RewardDetail rewardId={id} pointsName={pointsName} balance={balance} basket={basket.data} />
      </>
    );
  }
  return (
    <>
      <PageTitle title="Redeem Rewards" />
      <Stack gap="md">
        <BalanceBar
          pointsName={pointsName}
          balance={balance}
          spending={basket.data?.totalPoints ?? 0}
          basketCount={basket.data?.lines.length ?? 0}
        />
        <CatalogueView category={urlParam} pointsName={pointsName} balance={balance} />
      </Stack>
    </>
  );
}
