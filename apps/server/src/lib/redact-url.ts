/**
 * Query parameters whose values are secrets (reset and activation tokens, live-stream tickets,
 * single sign-on's authorization code, state and provider session) or personal data (searches
 * for colleagues by name, e-mail addresses).
 */
const SECRET_PARAMS = new Set([
  'token',
  'ticket',
  'authtoken',
  'access_token',
  'code',
  'state',
  'session_state',
  'q',
  'search',
  'email',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL with every secret or personal query value replaced by `[redacted]`, for logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Every link in a text with its secret query values redacted, as `redactUrl` does for one: an
 * e-mail body shown to report administrators keeps its words and paths, never a member's signed
 * unsubscribe token (decision 0097).
 */
export function redactLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s<>"]+/g, (url) => redactUrl(url));
}
