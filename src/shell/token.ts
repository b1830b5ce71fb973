const KEY = 'mcp-dashboard.token';

/**
 * The gateway token: taken from `#token=…` on first load, then kept in sessionStorage (this tab
 * only) and removed from the address bar so it is not bookmarked or shared by accident.
 */
export function takeToken(location: Location = window.location, history: History = window.history): string | undefined {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match) {
    const token = match[1]!;
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // storage disabled: the token lives only in memory
    }
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
