import { notifications } from '@mantine/notifications';
import { TOAST_DELAY_MS } from '@ovation/shared/constants';

/** Short confirmations; they hide themselves after 5 s (spec §9). */
// Mantine's close button has no text: without a name screen readers announce "button" (axe button-name).
const CLOSE = { closeButtonProps: { 'aria-label': 'Close message' } };

export const toast = {
  success(message: string, title?: string) {
    notifications.show({ message, title, color: 'teal', autoClose: TOAST_DELAY_MS, withBorder: true, ...CLOSE });
  },
  error(message: string, title?: string) {
    notifications.show({ message, title, color: 'red', autoClose: TOAST_DELAY_MS, withBorder: true, ...CLOSE });
  },
  info(message: string, title?: string) {
    notifications.show({ message, title, color: 'indigo', autoClose: TOAST_DELAY_MS, withBorder: true, ...CLOSE });
  },
};
