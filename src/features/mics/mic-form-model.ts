import type { FieldError, Mic, MicPatch } from '@/api';

export interface ThresholdRow {
  category: string;
  /** The single number 0..1 that PATCH takes; NumberInput may hand back '' while the field is blank. */
  value: number | string;
  /** Added in this form, not yet on the device. */
  added: boolean;
}

export interface MicFormValues {
  name: string;
  host: string;
  status: string;
  latitude: number | string;
  longitude: number | string;
  thresholds: ThresholdRow[];
}

/**
 * The editable number starts from the server's `confidence`, the only read value already on the
 * 0..1 scale the write takes; the spec leaves the mapping open, so the UI says what it sends.
 */
export function initialThresholdValue(confidence: number): number {
  return Math.min(1, Math.max(0, confidence));
}

export function formValuesOf(mic: Mic): MicFormValues {
  return {
    name: mic.name,
    host: mic.host,
    status: mic.status,
    latitude: mic.location.latitude,
    longitude: mic.location.longitude,
    thresholds: Object.entries(mic.thresholds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([category, threshold]) => ({ category, value: initialThresholdValue(threshold.confidence), added: false })),
  };
}

const asNumber = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/**
 * The smallest PATCH that turns `initial` into `current`: unchanged fields are left out, and of
 * the thresholds only the changed or added categories are sent.
 */
export function buildPatch(initial: MicFormValues, current: MicFormValues): MicPatch {
  const patch: MicPatch = {};
  const name = current.name.trim();
  if (name !== initial.name.trim()) patch.name = name;
  const host = current.host.trim();
  if (host !== initial.host.trim()) patch.host = host;
  if (current.status !== initial.status && (current.status === 'active' || current.status === 'inactive')) {
    patch.status = current.status;
  }
  const latitude = asNumber(current.latitude);
  const longitude = asNumber(current.longitude);
  if (latitude !== asNumber(initial.latitude) || longitude !== asNumber(initial.longitude)) {
    patch.location = { latitude, longitude };
  }
  const before = new Map(initial.thresholds.map((row) => [row.category, asNumber(row.value)]));
  const thresholds: Record<string, number> = {};
  for (const row of current.thresholds) {
    const category = row.category.trim();
    if (category === '') continue;
    const value = asNumber(row.value);
    if (before.get(category) !== value) thresholds[category] = value;
  }
  if (Object.keys(thresholds).length > 0) patch.thresholds = thresholds;
  return patch;
}

export function isEmptyPatch(patch: MicPatch): boolean {
  return Object.keys(patch).length === 0;
}

export type ValidationMessageKey =
  | 'validation.nameRequired'
  | 'validation.hostRequired'
  | 'validation.latitudeRange'
  | 'validation.longitudeRange'
  | 'validation.thresholdRange'
  | 'validation.categoryRequired'
  | 'validation.categoryDuplicate';

/** Checks before sending; returns form paths mapped to message keys (translated by the caller). */
export function validateForm(values: MicFormValues): Record<string, ValidationMessageKey> {
  const errors: Record<string, ValidationMessageKey> = {};
  if (values.name.trim() === '') errors.name = 'validation.nameRequired';
  if (values.host.trim() === '') errors.host = 'validation.hostRequired';
  const latitude = asNumber(values.latitude);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) errors.latitude = 'validation.latitudeRange';
  const longitude = asNumber(values.longitude);
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    errors.longitude = 'validation.longitudeRange';
  const seen = new Set<string>();
  values.thresholds.forEach((row, index) => {
    const category = row.category.trim();
    if (category === '') errors[`thresholds.${index}.category`] = 'validation.categoryRequired';
    else if (seen.has(category)) errors[`thresholds.${index}.category`] = 'validation.categoryDuplicate';
    seen.add(category);
    const value = asNumber(row.value);
    if (!Number.isFinite(value) || value < 0 || value > 1)
      errors[`thresholds.${index}.value`] = 'validation.thresholdRange';
  });
  return errors;
}

export interface MappedServerErrors {
  /** Form path → the server's message, for errors whose `loc` names a field of this form. */
  fields: Record<string, string>;
  /** Messages that name no field here; shown with the form's general error. */
  general: string[];
}

/**
 * Maps a 422's `loc` paths (already stripped of `body`) onto this form's fields. A refused
 * category key (`thresholds.<key>.[key]`) goes on the row's category, in the caller's words.
 */
export function mapServerErrors(
  errors: readonly FieldError[],
  values: MicFormValues,
  refusedCategory: (category: string, reason: string) => string,
): MappedServerErrors {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const put = (path: string, message: string) => {
    fields[path] = fields[path] === undefined ? message : `${fields[path]}; ${message}`;
  };
  for (const { path, message } of errors) {
    const [root, child] = path;
    if ((root === 'name' || root === 'host' || root === 'status') && path.length === 1) put(root, message);
    else if (root === 'location' && (child === 'latitude' || child === 'longitude')) put(child, message);
    else if (root === 'location') put('latitude', message);
    else if (root === 'thresholds' && typeof child === 'string') {
      const index = values.thresholds.findIndex((row) => row.category.trim() === child);
      if (index < 0) general.push(`${child}: ${message}`);
      else if (path[2] === '[key]') put(`thresholds.${index}.category`, refusedCategory(child, message));
      else put(`thresholds.${index}.value`, message);
    } else general.push(path.length > 0 ? `${path.join('.')}: ${message}` : message);
  }
  return { fields, general };
}

/** A threshold proposed from elsewhere (the insights page): a category and the value to try. */
export interface ThresholdProposal {
  category: string;
  value: number;
}

/**
 * The form's values with a proposal filled in, unsaved: the category's row takes the value, or
 * a new row is added when the device does not have the category yet.
 */
export function withProposal(values: MicFormValues, proposal: ThresholdProposal | null): MicFormValues {
  if (proposal === null) return values;
  const index = values.thresholds.findIndex((row) => row.category === proposal.category);
  const thresholds =
    index === -1
      ? [...values.thresholds, { category: proposal.category, value: proposal.value, added: true }]
      : values.thresholds.map((row, i) => (i === index ? { ...row, value: proposal.value } : row));
  return { ...values, thresholds };
}
