import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_DELAY_MS } from '@ovation/shared/constants';

/**
 * Toasts hide themselves after 5 s (spec §9); above message boxes so both stay visible. They rise
 * from the bottom, so they never cover the header's menus, bell and basket or the page title; on
 * a phone centred and at most two at once (the others wait their turn).
 */
export default function ToastContainer() {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Notifications
      autoClose={TOAST_DELAY_MS}
      position={phone ? 'bottom-center' : 'bottom-right'}
      limit={phone ? 2 : 5}
      zIndex={11000}
    />
  );
}
