const SECRET_QUERY_PARAMETERS = new Set(['new_password', 'password', 'code', 'token', 'access_token']);
const STREAM_TOKEN_PATH = /^(\/v1\/ws\/user\/[^/]+\/token\/)[^/?]+/;

/** The URL as it may appear in logs: secrets in query strings and the live channel's stream token hidden. */
export function redactUrl(url: string): string {
  const [pathname = '', query] = splitOnce(url, '?');
  const safePath = pathname.replace(STREAM_TOKEN_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [rawName = ''] = splitOnce(pair, '=');
      const name = safeDecode(rawName).toLowerCase();
      return SECRET_QUERY_PARAMETERS.has(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
