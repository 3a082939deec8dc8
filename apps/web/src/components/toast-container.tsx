import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_DELAY_MS } from '@ovation/shared/constants';

/** Toasts hide themselves after 5 s (spec §9); above message boxes so both stay visible. */
export default function ToastContainer() {
  return <Notifications autoClose={TOAST_DELAY_MS} position="top-right" zIndex={11000} />;
}
