import { VisuallyHidden } from '@mantine/core';
import { useSession } from '../../api/session-context.tsx';
import { ActionTiles } from './components/action-tiles.tsx';
import { BannerCarousel } from './components/banner-carousel.tsx';
import { ConnectCarousel } from './components/connect-carousel.tsx';
import { FeedTabs } from './components/feed-tabs.tsx';
import { LeaderboardCard } from './components/leaderboard-card.tsx';
import { NewsTicker } from './components/news-ticker.tsx';
import { SidePanel } from './components/side-panel.tsx';
import classes from './home-page.module.css';

/**
 * Home (spec §2): news ticker, then three columns — the member's side panel, the banner and
 * tiles, and the Connect-with carousel with the feed. Stacked in that order on a phone.
 */
export default function HomePage() {
  const { profile } = useSession();
  return (
    <>
      <title>Home · Ovation</title>
      <VisuallyHidden component="h1">{profile?.firstName ? `Welcome, ${profile.firstName}` : 'Home'}</VisuallyHidden>
      <NewsTicker />
      <div className={classes.layout}>
        <aside className={classes.side} aria-label="Your profile">
          <SidePanel />
        </aside>
        <div className={classes.middle}>
          <BannerCarousel />
          <ActionTiles />
          <LeaderboardCard />
        </div>
        <div className={classes.right}>
          <ConnectCarousel />
          <FeedTabs />
        </div>
      </div>
    </>
  );
}
