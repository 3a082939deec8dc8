import { useSyncExternalStore } from 'react';
import { MESSAGE_BOX_BASE_Z_INDEX } from '@ovation/shared/constants';
import { focusedElement, returnFocus } from './return-focus.ts';

/** One global message box request (spec §3 "Message box entry"). */
export interface MessageBoxEntry {
  title?: string;
  msg: string;
  isShowCancel?: boolean;
  okText?: string;
  cancelText?: string;
  /** Runs when the box closes: true for OK, false for Cancel (or dismissal of a Cancel box). */
  callback?: (ok: boolean) => void;
}

export interface OpenMessageBox extends MessageBoxEntry {
  id: number;
  zIndex: number;
  /** What had the focus when the box opened: it gets it back when the box closes. */
  returnFocus: Element | null;
}

export const DEFAULT_MESSAGE_TITLE = 'An error has occured';

/** The message box's HTML marker (spec §2): a message starting with it is HTML. */
export const HTML_MARKER = '<html>';

/** The HTML after the marker (the marker is stripped), or null when the message is text. */
export function htmlAfterMarker(message: string): string | null {
  const trimmed = message.trimStart();
  if (!trimmed.toLowerCase().startsWith(HTML_MARKER)) return null;
  return trimmed.slice(HTML_MARKER.length).replace(/<\/html>\s*$/i, '');
}

// A module store, so non-React code (the api client) can open boxes too.
let boxes: OpenMessageBox[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Opens a box on top of any open ones (z-index 10000 + 1 per box); resolves true on OK. */
export function showMessage(entry: MessageBoxEntry): Promise<boolean> {
  return new Promise((resolve) => {
    const zIndex = MESSAGE_BOX_BASE_Z_INDEX + boxes.length;
    const callback = (ok: boolean) => {
      resolve(ok);
      entry.callback?.(ok);
    };
    boxes = [...boxes, { ...entry, callback, id: nextId++, zIndex, returnFocus: focusedElement() }];
    emit();
  });
}

export function closeMessage(id: number, ok: boolean): void {
  const box = boxes.find((b) => b.id === id);
  if (!box) return;
  boxes = boxes.filter((b) => b.id !== id);
  emit();
  box.callback?.(ok);
  // The box is unmounted when it closes, so it cannot hand the focus back itself: what opened it
  // gets it (a keyboard user would otherwise start again from the top of the page), unless the
  // callback or another box has taken it.
  returnFocus(box.returnFocus);
}

/** Closes every box as cancelled (tests, and nothing should outlive a reset). */
export function closeAllMessages(): void {
  const open = boxes;
  boxes = [];
  emit();
  open.forEach((b) => b.callback?.(false));
}

export function useMessageBox() {
  return { show: showMessage };
}

/** The open boxes, oldest first, re-read whenever one opens or closes (the host renders them). */
export function useOpenMessages(): readonly OpenMessageBox[] {
  return useSyncExternalStore(subscribe, () => boxes);
}
