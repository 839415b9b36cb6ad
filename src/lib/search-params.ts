import dayjs from 'dayjs';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { parseWindowMinutes, windowParam } from './time-window';

/**
 * A page's state in its URL, declared once: each parameter is a zod schema over the URL's text
 * that falls back to a default for anything it cannot read (a hand-edited or stale link never
 * leaves a page blank), and writes itself back, left out when it is the default.
 */
export interface SearchParam<T> {
  /** The URL name, when it differs from the field's. */
  key: string | undefined;
  /** Reads every value the URL has for the name (one for most, several for a list). */
  schema: z.ZodMiniType<T, string[]>;
  fallback: T;
  /** The URL form; null leaves it out. (Method syntax: a shape mixes parameters of every type.) */
  write(value: T): string | string[] | null;
  /** The same parameter under another URL name. */
  as(key: string): SearchParam<T>;
}

function searchParam<T>(
  schema: z.ZodMiniType<T, string[]>,
  fallback: T,
  write: (value: T) => string | string[] | null,
  key?: string,
): SearchParam<T> {
  return { key, schema, fallback, write, as: (name) => searchParam(schema, fallback, write, name) };
}

/** A parameter given once: its first value (or undefined) through `schema`. */
function single<T>(schema: z.ZodMiniType<T>, fallback: T, write: (value: T) => string | null) {
  const first = z.pipe(
    z.transform((values: string[]) => values[0]),
    schema as z.ZodMiniType<T, unknown> as z.ZodMiniType<T, string | undefined>,
  );
  return searchParam<T>(z.catch(first, fallback), fallback, write);
}

const nonBlank = lazySchema(() => z.string().check(z.trim(), z.minLength(1)));
const orNull = (value: string | null) => value;

/** Trimmed text; blank or absent is null. */
export const text = () => single<string | null>(nonBlank, null, orNull);

/** Text exactly as typed (a search box bound to the URL keeps its spaces); absent is ''. */
export const typedText = () => single(z.string(), '', (value) => (value.trim() === '' ? null : value));

/** A whole number from 1 up, written in digits only ("1e1", "2.5" and "-3" fall back). */
export const positiveInt = (fallback: number) =>
  single(
    z.pipe(z.string().check(z.regex(/^\s*\d+\s*$/)), z.pipe(z.transform(Number), z.int().check(z.positive()))),
    fallback,
    String,
  );

/** One of a few whole numbers, such as page sizes. */
export const numberOf = (choices: readonly number[], fallback: number) =>
  single(
    z.pipe(
      z.string().check(z.regex(/^\s*\d+\s*$/)),
      z.pipe(z.transform(Number), z.number().check(z.refine((n) => choices.includes(n)))),
    ),
    fallback,
    String,
  );

/** One of a few words. */
export const oneOf = <const W extends string, F extends W | null>(choices: readonly W[], fallback: F) =>
  single<W | F>(z.enum(choices as unknown as [W, ...W[]]), fallback, orNull);

/** A date and time, read from anything dayjs understands and kept as ISO 8601; null when absent. */
export const dateTime = () =>
  single<string | null>(
    z.pipe(
      nonBlank.check(z.refine((value) => dayjs(value).isValid())),
      z.transform((value) => dayjs(value).toISOString()),
    ),
    null,
    orNull,
  );

/** A recency window as people write it (`15m`, `2h`, `90`, `1d`), in whole minutes up to `max`. */
export const timeWindow = (fallback: number, max: number) =>
  single(
    z.pipe(
      z.transform((value: string | undefined) => parseWindowMinutes(value, { max })),
      z.number(),
    ),
    fallback,
    windowParam,
  );

/** On for `1`, `true`, `on`, `yes`; off otherwise. */
export const flag = () =>
  single(
    z.transform((value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').toLowerCase())),
    false,
    (on) => (on ? '1' : null),
  );

/** On when the parameter is exactly `word` (`?sort=heard`); off otherwise. */
export const is = (word: string) =>
  single(
    z.transform((value: string | undefined) => value === word),
    false,
    (on) => (on ? word : null),
  );

/** A parameter with a page's own rule (the wall's refresh): `schema` reads the text. */
export const custom = <T>(schema: z.ZodMiniType<T>, fallback: T, write: (value: T) => string | null) =>
  single(schema, fallback, write);

/** A repeated parameter (`?mic=a&mic=b`): its non-blank values, each once. */
export const list = () =>
  searchParam<string[]>(
    z.transform((values: string[]) => [...new Set(values.filter((value) => value.trim() !== ''))]),
    [],
    (values) => values,
  );

type Shape = Record<string, SearchParam<unknown>>;
type Tidy<V> = (values: V) => V;
export type SearchValues<S extends Shape> = { [K in keyof S]: S[K] extends { fallback: infer T } ? T : never };

export interface SearchParamsDefinition<S extends Shape> {
  defaults: SearchValues<S>;
  read(params: URLSearchParams): SearchValues<S>;
  /** The URL for these values in declaration order, defaults left out; `keep`'s other parameters follow. */
  write(values: SearchValues<S>, keep?: URLSearchParams): URLSearchParams;
}

/**
 * One definition per page. `tidy` ties fields together where one decides another (a custom time
 * range and its bounds): `read` runs on what the URL says, `write` on what the page sets.
 */
export function defineSearchParams<S extends Shape>(
  shape: S,
  tidy: { read?: Tidy<SearchValues<S>>; write?: Tidy<SearchValues<S>> } = {},
): SearchParamsDefinition<S> {
  const entries = Object.entries(shape).map(([field, spec]) => [field, spec.key ?? field, spec] as const);
  const keys = new Set(entries.map(([, key]) => key));
  const same = (values: SearchValues<S>) => values;
  const tidyRead = tidy.read ?? same;
  const tidyWrite = tidy.write ?? same;
  const read = (params: URLSearchParams) =>
    tidyRead(
      Object.fromEntries(
        entries.map(([field, key, spec]) => [field, spec.schema.parse(params.getAll(key))]),
      ) as SearchValues<S>,
    );
  const defaults = read(new URLSearchParams());
  return {
    defaults,
    read,
    write(values, keep = new URLSearchParams()) {
      const normal = tidyWrite(values);
      const out = new URLSearchParams();
      for (const [field, key, spec] of entries) {
        const write = spec.write as (value: unknown) => string | string[] | null;
        const written = write(normal[field]);
        if (written === null || JSON.stringify(written) === JSON.stringify(write(defaults[field]))) continue;
        for (const value of Array.isArray(written) ? written : [written]) out.append(key, value);
      }
      for (const [key, value] of keep) if (!keys.has(key)) out.append(key, value);
      return out;
    },
  };
}

/** The values a definition reads: `SearchState<typeof mapSearch>`. */
export type SearchState<D extends { defaults: unknown }> = D['defaults'];

export type Change<V> = Partial<V> | ((current: V) => Partial<V>);

/**
 * A list control (a multi-select) reports its whole new value, made from the value it was last
 * rendered with: a second pick before that render lands would drop the first. So its change is
 * applied as what it added and removed, to the list as the URL has it now.
 */
export function listEdit(before: readonly string[], after: readonly string[]): (current: string[]) => string[] {
  const removed = new Set(before.filter((value) => !after.includes(value)));
  const added = after.filter((value) => !before.includes(value));
  return (current) => [
    ...current.filter((value) => !removed.has(value)),
    ...added.filter((value) => !current.includes(value)),
  ];
}

/**
 * A page's URL state and a way to change part of it. Each change is a new history entry, so back
 * and forward walk through what the user did (`replace` for state not worth walking back to).
 */
export function useSearchParamsState<S extends Shape>(
  definition: SearchParamsDefinition<S>,
  { replace = false }: { replace?: boolean } = {},
): [SearchValues<S>, (change: Change<SearchValues<S>>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const values = useMemo(() => definition.read(new URLSearchParams(search)), [definition, search]);
  // react-router hands an updater the URL of the render that made the setter, so a change made by a
  // callback from an earlier render (a search box that commits after a pause) would undo what was
  // picked meanwhile. Changes merge with the newest URL instead.
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  const update = useCallback(
    (change: Change<SearchValues<S>>) => {
      const current = new URLSearchParams(latest.current);
      const now = definition.read(current);
      const next = definition.write({ ...now, ...(typeof change === 'function' ? change(now) : change) }, current);
      latest.current = next.toString();
      setParams(next, { replace });
    },
    [definition, setParams, replace],
  );
  return [values, update];
}
