// Built once, on first use: constructing an Intl formatter costs far more than formatting with it,
// and the first one a page builds loads the locale and time-zone data (~70 ms at 4x CPU), which at
// module load landed in the entry module's one long task on every page (issue 32's profile).
let clock: Intl.DateTimeFormat | undefined;

/** HH:MM:SS in the viewer's zone, without pulling a date library into the first paint. */
export function clockTime(at: number | string | Date): string {
  clock ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return clock.format(new Date(at));
}
