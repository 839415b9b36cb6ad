/** The tables of alerts out: channels, rules, deliveries (issue 29); joined into ConsoleSchema. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AlertTables {}
