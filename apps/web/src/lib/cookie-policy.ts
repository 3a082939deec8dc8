/**
 * Cookie consent (spec §2, §4): cookie `cPol` holds three characters — mandatory,
 * functional, advertising — each 'y' (on) or '-' (off).
 */
export interface CookiePolicy {
  mandatory: boolean;
  functional: boolean;
  advertising: boolean;
}

export const COOKIE_POLICY_NAME = 'cPol';
export const DEFAULT_COOKIE_POLICY: Readonly<CookiePolicy> = Object.freeze({
  mandatory: false,
  functional: true,
  advertising: false,
});
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const flag = (c: string) => c === 'y';
const char = (b: boolean) => (b ? 'y' : '-');

/** The policy in a cookie value, or null when the value is missing or not 3 characters. */
export function parseCookiePolicy(value: string | null | undefined): CookiePolicy | null {
  if (typeof value !== 'string' || value.length !== 3) return null;
  return { mandatory: flag(value[0]!), functional: flag(value[1]!), advertising: flag(value[2]!) };
}

export function serializeCookiePolicy(policy: CookiePolicy): string {
  return char(policy.mandatory) + char(policy.functional) + char(policy.advertising);
}

/** The raw value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

export function saveCookiePolicy(policy: CookiePolicy, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${COOKIE_POLICY_NAME}=${serializeCookiePolicy(policy)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/** The stored policy; a missing or malformed cookie is replaced by the defaults (spec §4). */
export function loadCookiePolicy(doc: Document = document): CookiePolicy {
  const parsed = parseCookiePolicy(readCookie(doc.cookie, COOKIE_POLICY_NAME));
  if (parsed) return parsed;
  const defaults = { ...DEFAULT_COOKIE_POLICY };
  saveCookiePolicy(defaults, doc);
  return defaults;
}

/**
 * Whether the member allows functional storage (the cookie's second flag; the default when there
 * is no valid cookie yet). It decides whether Home's data is kept in the tab (api/home-cache.ts).
 */
export function functionalStorageAllowed(doc: Document = document): boolean {
  return (parseCookiePolicy(readCookie(doc.cookie, COOKIE_POLICY_NAME)) ?? DEFAULT_COOKIE_POLICY).functional;
}

/** I ACCEPT / ACCEPT: mandatory on, the other choices kept. */
export function acceptCookiePolicy(policy: CookiePolicy): CookiePolicy {
  return { ...policy, mandatory: true };
}
