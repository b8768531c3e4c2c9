const SECRET_PARAMS = new Set(['token', 'sign', 'password', 'expire', 'login_uid']);

/** The URL with the values of credential params replaced by `***`, for logs. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pairs = url.slice(queryStart + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      // keep the raw name
    }
    return SECRET_PARAMS.has(name) && eq >= 0 ? `${rawName}=***` : pair;
  });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}
