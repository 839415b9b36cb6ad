// Built once: constructing an Intl formatter costs far more than formatting with it.
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** HH:MM:SS in the viewer's zone, without pulling a date library into the first paint. */
export function clockTime(at: number | string | Date): string {
  return clock.format(new Date(at));
}
