/** The tables of procedures and their ticks (issue 26); joined into ConsoleSchema. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProcedureTables {}
