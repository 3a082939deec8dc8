import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The toast container (and its swipe/transition code) loads with the first toast.
const ToastContainer = lazy(() => import('./toast-container.tsx'));

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [mounted, setMounted] = useState(false);
  // Once mounted it stays, so closing transitions and later toasts work normally.
  if (!mounted && notifications.length + queue.length > 0) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
