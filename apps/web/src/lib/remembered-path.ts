/**
 * The path an anonymous visitor tried to open, kept for after sign-in (spec §4).
 * Session storage: it belongs to this tab and is gone when the tab closes.
 */
const KEY = 'rememberedPath';

/** Paths never worth returning to after login (returning to /logout would sign the member out again). */
const NOT_REMEMBERED = new Set(['/hello', '/', '/register', '/welcometrfauth', '/logout']);

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function shouldRememberPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !NOT_REMEMBERED.has(trimmed.toLowerCase());
}

export function rememberPath(path: string): void {
  if (shouldRememberPath(path)) store()?.setItem(KEY, path);
}

/** Returns the remembered path once and forgets it; null when there is none. */
export function takeRememberedPath(): string | null {
  const s = store();
  const path = s?.getItem(KEY) ?? null;
  s?.removeItem(KEY);
  // Only same-site paths: never navigate to something that could leave the app.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function clearRememberedPath(): void {
  store()?.removeItem(KEY);
}
