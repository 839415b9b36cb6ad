import type { AuditEntry } from '@/api';
import { translateData, type TFunction } from '@/lib/i18n';
import './locales';

/** One changed field of an audit entry: a mic field, or one category of its thresholds. */
export interface FieldChange {
  field: string;
  /** Threshold category, for `thresholds`. */
  category?: string;
  before: unknown;
  after: unknown;
}

const FIELD_ORDER = ['name', 'host', 'status', 'location', 'thresholds'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const rank = (field: string) => {
  const index = FIELD_ORDER.indexOf(field);
  return index === -1 ? FIELD_ORDER.length : index;
};

/**
 * The field-by-field changes an entry records: `before` against `after`, or against `requested`
 * when the write did not go through. Thresholds count per category, so a save that moved one of
 * eight thresholds shows one line.
 */
export function changesOf(details: AuditEntry['details']): FieldChange[] {
  if (details === null) return [];
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : isRecord(details.requested) ? details.requested : null;
  if (after === null) return [];
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (field === 'thresholds' && (isRecord(after.thresholds) || isRecord(before.thresholds))) {
      const was = isRecord(before.thresholds) ? before.thresholds : {};
      const now = isRecord(after.thresholds) ? after.thresholds : {};
      for (const category of Object.keys(now).sort())
        changes.push({ field, category, before: was[category], after: now[category] });
    } else if (field in after) {
      changes.push({ field, before: before[field], after: after[field] });
    }
  }
  return changes;
}

/** The edge's (or the rule's) answer to a refused or failed write, as recorded. */
export function answerOf(details: AuditEntry['details']): string | null {
  if (details === null || !isRecord(details.answer)) return null;
  const { status, detail } = details.answer;
  const parts = [typeof status === 'number' ? String(status) : null, typeof detail === 'string' ? detail : null];
  const text = parts.filter((part) => part !== null).join(' ');
  return text === '' ? null : text;
}

const MAX_VALUE_CHARS = 160;

/** A recorded value as one line of text; never markup (it is rendered as text). */
export function formatAuditValue(value: unknown, t: TFunction<'audit'>): string {
  if (value === undefined || value === null) return t('none');
  if (value === '') return '“”';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) {
    if (typeof value.latitude === 'number' && typeof value.longitude === 'number')
      return `${value.latitude.toFixed(5)}, ${value.longitude.toFixed(5)}`;
    if (typeof value.confidence === 'number' && typeof value.sound_level_ge === 'number')
      return t('threshold', { confidence: value.confidence, level: value.sound_level_ge });
  }
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** The action's name in the UI language; an action this build does not know shows as recorded. */
export function actionLabel(action: string): string {
  return translateData('audit', `actions.${action.replace(/\./g, '_')}`, action);
}

export function actorLabel(actor: AuditEntry['actor']): string {
  return translateData('audit', `actorKinds.${actor.kind}`, actor.name ?? actor.kind, { name: actor.name ?? '' });
}
