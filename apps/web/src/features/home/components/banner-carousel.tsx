import { Link } from 'react-router';
import { Button, Skeleton } from '@mantine/core';
import { BANNER_INTERVAL_MS } from '@ovation/shared/constants';
import { NOT_AVAILABLE_IN_COUNTRY } from '@ovation/shared/constants';
import { useBanners, type Banner } from '../../../api/banners.ts';
import { findEntry, routeAccess } from '../../../config/navigation.ts';
import { useSession } from '../../../api/session-context.tsx';
import { CarouselControls } from './carousel-controls.tsx';
import { useCarousel } from './use-carousel.ts';
import classes from './banner-carousel.module.css';

/** A one-line banner's height, so the tiles below do not move when the banners arrive. */
const BANNER_HEIGHT_PX = 234;

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** Why an internal link would only be refused (the route guard's own judgement), else null. */
function refusalOf(url: string, capabilities: ReturnType<typeof useSession>['capabilities']): string | null {
  const entry = findEntry(url.split(/[?#]/)[0]!);
  if (!entry || entry.access !== 'member') return null;
  const access = routeAccess(entry, capabilities);
  return access === 'ok' ? null : access === 'country' ? NOT_AVAILABLE_IN_COUNTRY : 'Not available to you';
}

function BannerLink({ banner }: { banner: Banner }) {
  const { capabilities } = useSession();
  if (!banner.linkUrl || !banner.linkText) return null;
  const common = { size: 'sm', color: 'amber.5', c: '#1f1300', radius: 'xl' } as const;
  const refusal = isInternal(banner.linkUrl) ? refusalOf(banner.linkUrl, capabilities) : null;
  if (refusal) {
    // Greyed with the hint, as the Home tiles do: a Kenyan member is not sent to a refusal.
    return (
      <div className={classes.refused}>
        <Button size="sm" radius="xl" disabled>
          {banner.linkText}
        </Button>
        <span className={classes.hint}>{refusal}</span>
      </div>
    );
  }
  return isInternal(banner.linkUrl) ? (
    <Button component={Link} to={banner.linkUrl} {...common}>
      {banner.linkText}
    </Button>
  ) : (
    <Button component="a" href={banner.linkUrl} target="_blank" rel="noopener noreferrer" {...common}>
      {banner.linkText}
    </Button>
  );
}

/** The 10-slide banner carousel (spec §2): 5 s per slide, wraps, pausable. */
export function BannerCarousel() {
  const { data: banners = [], isPending } = useBanners();
  const carousel = useCarousel({ count: banners.length, intervalMs: BANNER_INTERVAL_MS });
  if (isPending) return <Skeleton height={BANNER_HEIGHT_PX} radius="lg" />;
  if (banners.length === 0) return null;

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-reduced-motion={carousel.reducedMotion || undefined}
      data-theme={banners[carousel.index]?.theme}
      {...carousel.bind}
    >
      <div className={classes.slides} aria-live={carousel.running ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className={classes.slide}
            data-active={i === carousel.index || undefined}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${banners.length}`}
            hidden={i !== carousel.index}
          >
            <h2 className={classes.title}>{banner.title}</h2>
            <p className={classes.text}>{banner.text}</p>
            <BannerLink banner={banner} />
          </div>
        ))}
      </div>
      <div className={classes.footer}>
        <div className={classes.dots}>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={classes.dot}
              aria-label={`Show slide ${i + 1}: ${banner.title}`}
              aria-current={i === carousel.index || undefined}
              onClick={() => carousel.goTo(i)}
            />
          ))}
        </div>
        <CarouselControls
          noun="banner"
          color="gray.0"
          paused={carousel.userPaused}
          showPause={!carousel.reducedMotion}
          onPrev={carousel.prev}
          onNext={carousel.next}
          onTogglePause={carousel.togglePause}
        />
      </div>
    </section>
  );
}
