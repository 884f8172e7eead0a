/** The path of a request target, without its query. */
export function pathOf(url: string | undefined): string {
  if (url === undefined) return '';
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** The text of the 404 for a request no route matched: `Cannot <METHOD> <path>`, query left out. */
export function cannotRouteText(method: string | undefined, url: string | undefined): string {
  return `Cannot ${method ?? 'GET'} ${pathOf(url)}`;
}
