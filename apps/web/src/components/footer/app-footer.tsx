import { lazy, Suspense } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CONTENT_KEY_PRIVACY, CONTENT_KEY_TERMS } from '@ovation/shared/constants';
import { useDialogState } from '../../lib/return-focus.ts';
import { useSession } from '../../api/session-context.tsx';
import { cookieConsent } from '../cookie-banner/cookie-consent.ts';
import { OvationLogo, RewardsProviderLogo } from '../logos.tsx';
import classes from './app-footer.module.css';

const FooterContentModal = lazy(() => import('./footer-content-modal.tsx'));

type FooterDialog = 'privacy' | 'terms';

/** The copyright year: the session's, or the browser's when the session has none (0). */
export function copyrightYear(sessionYear: number | null | undefined, now = new Date()): number {
  return sessionYear && sessionYear > 0 ? sessionYear : now.getFullYear();
}

export function AppFooter() {
  const { isLoggedIn, currentYear } = useSession();
  // Mounted only while open (its own chunk): closing gives the focus back to the link.
  const dialog = useDialogState<FooterDialog>();
  const open = dialog.value;

  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <Group gap="sm" className={classes.brand}>
          <OvationLogo size={26} />
          <Text size="sm" c="dimmed">
            © {copyrightYear(currentYear)} Ovation
          </Text>
        </Group>
        <nav aria-label="Footer">
          <Group gap="lg" component="ul" className={classes.links} style={{ rowGap: 6 }}>
            <li>
              <Anchor component="button" type="button" size="sm" onClick={cookieConsent.openPreferences}>
                Manage Privacy
              </Anchor>
            </li>
            <li>
              <Anchor component="button" type="button" size="sm" onClick={() => dialog.open('privacy')}>
                Privacy Policy
              </Anchor>
            </li>
            <li>
              <Anchor component="button" type="button" size="sm" onClick={() => dialog.open('terms')}>
                Terms and Conditions
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/accessibility" size="sm">
                Accessibility
              </Anchor>
            </li>
            {isLoggedIn && (
              <li>
                <Anchor component={Link} to="/contactus" size="sm">
                  Contact Us
                </Anchor>
              </li>
            )}
          </Group>
        </nav>
        <Anchor component={Link} to="/aboutus" c="dark" underline="never" title="About Kudos Rewards">
          <Text span size="xs" c="dimmed" mr={6}>
            Rewards by
          </Text>
          <RewardsProviderLogo />
        </Anchor>
      </div>
      {open && (
        <Suspense fallback={null}>
          <FooterContentModal
            key={open}
            contentKey={open === 'privacy' ? CONTENT_KEY_PRIVACY : CONTENT_KEY_TERMS}
            fallbackTitle={open === 'privacy' ? 'Privacy Policy' : 'Terms and Conditions'}
            opened
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </footer>
  );
}
