/** The tables of incident priority (issue 26); joined into ConsoleSchema. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PriorityTables {}
