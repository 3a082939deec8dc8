import { useEffect, useState } from 'react';
import { Loader, Paper, Portal, Text } from '@mantine/core';
import { useIsLoading } from '../lib/loading.ts';
import classes from './loading-overlay.module.css';

/** Quick requests finish before this, so the overlay does not flicker; slow ones show it. */
export const LOADING_SHOW_DELAY_MS = 300;

/** The 'Loading…' overlay of spec §4, driven by the request counter. */
export function LoadingOverlay() {
  const active = useIsLoading();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), LOADING_SHOW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active]);

  if (!active || !shown) return null;
  return (
    <Portal>
      <div className={classes.backdrop} data-testid="loading-overlay">
        <Paper className={classes.box} shadow="md" radius="md" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text fw={600}>Loading…</Text>
        </Paper>
      </div>
    </Portal>
  );
}
