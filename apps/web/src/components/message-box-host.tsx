import { lazy, Suspense } from 'react';
import { closeMessage, useOpenMessages } from '../lib/message-box.tsx';

const loadModals = () => import('./message-box-modals.tsx');
const MessageBoxModals = lazy(loadModals);
/**
 * The modals are a separate chunk, kept off the sign-in page's critical path. The host
 * fetches it once the app is idle, so a box can still open when the network later fails.
 */
export function preloadMessageBox(): void {
  void loadModals().catch(() => undefined);
}

/** Renders the stack of open boxes; mounted once by the app providers. */
export function MessageBoxHost() {
  const open = useOpenMessages();
  if (open.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MessageBoxModals boxes={open} onClose={closeMessage} />
    </Suspense>
  );
}
