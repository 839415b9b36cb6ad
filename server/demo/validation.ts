/** Request validation that answers the way a FastAPI service does (422 with a `detail` list). */

export interface ValidationIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
}

export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation failed');
  }
}

type Query = Record<string, string | string[] | undefined>;

/**
 * Bounds a FastAPI edge would put on what it is asked: a page number an int32 column can hold
 * (larger ones overflowed the OFFSET arithmetic into a 500), and at most 100 values of a
 * repeated filter (each one a bound SQL parameter).
 */
export const PAGE_LIMIT = 2 ** 31;
export const MAX_LIST_ITEMS = 100;

function single(query: Query, key: string): string | undefined {
  const value = query[key];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function many(query: Query, key: string): string[] {
  const value = query[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export class QueryReader {
  readonly issues: ValidationIssue[] = [];

  constructor(private readonly query: Query) {}

  int(key: string, fallback: number, min: number, maxExclusive?: number): number {
    const raw = single(this.query, key);
    if (raw === undefined) return fallback;
    if (!/^[+-]?\d+$/.test(raw.trim())) {
      this.issues.push({
        type: 'int_parsing',
        loc: ['query', key],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: raw,
      });
      return fallback;
    }
    const n = Number(raw);
    if (n <= min - 1) {
      this.issues.push({
        type: 'greater_than',
        loc: ['query', key],
        msg: `Input should be greater than ${min - 1}`,
        input: raw,
      });
      return fallback;
    }
    if (maxExclusive !== undefined && n >= maxExclusive) {
      this.issues.push({
        type: 'less_than',
        loc: ['query', key],
        msg: `Input should be less than ${maxExclusive}`,
        input: raw,
      });
      return fallback;
    }
    return n;
  }

  text(key: string): string | null {
    const raw = single(this.query, key);
    return raw === undefined ? null : raw;
  }

  /** `page`: an integer from 1, below PAGE_LIMIT. */
  page(): number {
    return this.int('page', 1, 1, PAGE_LIMIT);
  }

  list(key: string, maxItems = MAX_LIST_ITEMS): string[] {
    const values = many(this.query, key);
    if (values.length <= maxItems) return values;
    this.issues.push({
      type: 'too_long',
      loc: ['query', key],
      msg: `List should have at most ${maxItems} items after validation, not ${values.length}`,
      input: values.length,
    });
    return [];
  }

  /** Parses an ISO 8601 datetime and returns it normalised to the stored UTC form. */
  datetime(key: string): string | null {
    const raw = single(this.query, key);
    if (raw === undefined) return null;
    const iso = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
    const ms = iso.test(raw.trim()) ? Date.parse(raw.trim().replace(' ', 'T')) : Number.NaN;
    if (Number.isNaN(ms)) {
      this.issues.push({
        type: 'datetime_parsing',
        loc: ['query', key],
        msg: 'Input should be a valid datetime',
        input: raw,
      });
      return null;
    }
    return new Date(ms).toISOString();
  }

  choice<T extends string>(key: string, options: readonly T[]): T | null {
    const raw = single(this.query, key);
    if (raw === undefined) return null;
    if (!(options as readonly string[]).includes(raw)) {
      this.issues.push({
        type: 'enum',
        loc: ['query', key],
        msg: `Input should be ${options.map((o) => `'${o}'`).join(' or ')}`,
        input: raw,
      });
      return null;
    }
    return raw as T;
  }

  done(): void {
    if (this.issues.length > 0) throw new ValidationFailed(this.issues);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberIn(
  issues: ValidationIssue[],
  loc: (string | number)[],
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issues.push({ type: 'float_type', loc, msg: 'Input should be a valid number', input: value });
    return undefined;
  }
  if (value < min) {
    issues.push({
      type: 'greater_than_equal',
      loc,
      msg: `Input should be greater than or equal to ${min}`,
      input: value,
    });
    return undefined;
  }
  if (value > max) {
    issues.push({ type: 'less_than_equal', loc, msg: `Input should be less than or equal to ${max}`, input: value });
    return undefined;
  }
  return value;
}

function nonEmptyString(issues: ValidationIssue[], loc: (string | number)[], value: unknown): string | undefined {
  if (typeof value !== 'string') {
    issues.push({ type: 'string_type', loc, msg: 'Input should be a valid string', input: value });
    return undefined;
  }
  if (value.trim().length === 0) {
    issues.push({ type: 'string_too_short', loc, msg: 'String should have at least 1 character', input: value });
    return undefined;
  }
  return value;
}

export interface ParsedMicPatch {
  name?: string;
  host?: string;
  location?: { latitude: number; longitude: number };
  status?: 'active' | 'inactive';
  thresholds?: Record<string, number>;
}

export const MAX_THRESHOLDS = 32;

export interface ThresholdKeys {
  /** The edge's labels: a threshold for anything else would never match an event. */
  labels: ReadonlySet<string>;
  /**
   * Categories the mic already has. Device firmware reports some outside the label table (the
   * seed's `drone`), and the mic drawer sends an edited one back under its own name, so a key
   * the mic already has stays writable; only new unknown keys are refused.
   */
  existing: ReadonlySet<string>;
}

/**
 * Validates a PATCH body; unknown fields are ignored, as pydantic does by default. Threshold
 * keys must be labels of the edge (or already on the mic), at most MAX_THRESHOLDS of them.
 */
export function parseMicPatch(body: unknown, keys: ThresholdKeys): ParsedMicPatch {
  const issues: ValidationIssue[] = [];
  if (!isRecord(body)) {
    throw new ValidationFailed([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: body,
      },
    ]);
  }
  const patch: ParsedMicPatch = {};
  if ('name' in body && body.name !== null) patch.name = nonEmptyString(issues, ['body', 'name'], body.name);
  if ('host' in body && body.host !== null) patch.host = nonEmptyString(issues, ['body', 'host'], body.host);
  if ('status' in body && body.status !== null) {
    if (body.status === 'active' || body.status === 'inactive') patch.status = body.status;
    else
      issues.push({
        type: 'enum',
        loc: ['body', 'status'],
        msg: "Input should be 'active' or 'inactive'",
        input: body.status,
      });
  }
  if ('location' in body && body.location !== null) {
    if (!isRecord(body.location)) {
      issues.push({
        type: 'model_type',
        loc: ['body', 'location'],
        msg: 'Input should be a valid dictionary',
        input: body.location,
      });
    } else {
      const latitude = numberIn(issues, ['body', 'location', 'latitude'], body.location.latitude, -90, 90);
      const longitude = numberIn(issues, ['body', 'location', 'longitude'], body.location.longitude, -180, 180);
      if (latitude !== undefined && longitude !== undefined) patch.location = { latitude, longitude };
    }
  }
  if ('thresholds' in body && body.thresholds !== null) {
    if (!isRecord(body.thresholds)) {
      issues.push({
        type: 'dict_type',
        loc: ['body', 'thresholds'],
        msg: 'Input should be a valid dictionary',
        input: body.thresholds,
      });
    } else if (Object.keys(body.thresholds).length > MAX_THRESHOLDS) {
      const count = Object.keys(body.thresholds).length;
      issues.push({
        type: 'too_long',
        loc: ['body', 'thresholds'],
        msg: `Dictionary should have at most ${MAX_THRESHOLDS} items after validation, not ${count}`,
        input: count,
      });
    } else {
      const thresholds: Record<string, number> = {};
      const known = [...keys.labels].map((label) => `'${label}'`);
      const expected = `${known.slice(0, -1).join(', ')} or ${known.at(-1)}`;
      for (const [category, value] of Object.entries(body.thresholds)) {
        if (category.trim() === '') {
          issues.push({
            type: 'string_too_short',
            loc: ['body', 'thresholds', category],
            msg: 'Category name should have at least 1 character',
            input: category,
          });
          continue;
        }
        if (!keys.labels.has(category) && !keys.existing.has(category)) {
          issues.push({
            type: 'literal_error',
            loc: ['body', 'thresholds', category, '[key]'],
            msg: `Input should be ${expected}`,
            input: category,
          });
          continue;
        }
        const n = numberIn(issues, ['body', 'thresholds', category], value, 0, 1);
        if (n !== undefined) thresholds[category] = n;
      }
      patch.thresholds = thresholds;
    }
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
  return patch;
}
