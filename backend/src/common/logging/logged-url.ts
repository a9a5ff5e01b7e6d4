/**
 * A request URL as logs show it: the path and the names of its query parameters, never their values
 * (`/api/admin/users?q=alice%40rt.test` is logged `/api/admin/users?q=`: a search can hold an email).
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const names = [...new Set(new URLSearchParams(url.slice(query + 1)).keys())];
  return `${url.slice(0, query)}?${names.map((name) => `${encodeURIComponent(name)}=`).join('&')}`;
}
