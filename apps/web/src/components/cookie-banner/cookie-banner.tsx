import { lazy, Suspense, useRef } from 'react';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { cookieConsent, useCookieConsent } from './cookie-consent.ts';
import { useBannerSpace } from './use-banner-space.ts';
import classes from './cookie-banner.module.css';

const CookiePreferences = lazy(() => import('./cookie-preferences.tsx'));

/**
 * Shows until the mandatory cookies are accepted (spec §2, §4). The page frame renders it before
 * the header, so the keyboard meets it early; it floats at the bottom of the screen and the page
 * keeps room for it, so it never hides what has the focus (decision 0099).
 */
export function CookieBanner() {
  const { policy, preferencesOpen } = useCookieConsent();
  return (
    <>
      {!policy.mandatory && <Banner />}
      {preferencesOpen && (
        <Suspense fallback={null}>
          <CookiePreferences />
        </Suspense>
      )}
    </>
  );
}

function Banner() {
  const ref = useRef<HTMLElement>(null);
  useBannerSpace(ref);
  return (
    <Paper ref={ref} component="section" className={classes.banner} shadow="lg" aria-label="Cookie consent" withBorder>
      <Text size="sm" className={classes.text}>
        We use cookies that are needed for signing in and keeping the site secure. Optional functional storage keeps
        your Home page in this tab for a few minutes, so it opens at once.
      </Text>
      <Group gap="md" wrap="nowrap" className={classes.actions}>
        <Anchor component="button" type="button" size="sm" onClick={cookieConsent.openPreferences}>
          Cookie Preferences
        </Anchor>
        <Button onClick={() => cookieConsent.accept()}>I ACCEPT</Button>
      </Group>
    </Paper>
  );
}
