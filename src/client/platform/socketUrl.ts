/** The socket URL for a path, on the page's own host (ws: or wss: to match the page). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}
