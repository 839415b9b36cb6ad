/** HH:MM:SS in the viewer's zone, without pulling a date library into the first paint. */
export function clockTime(at: number | string | Date): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(at));
}
