import type { HeardBy } from '@/api/insights';
import type { TFunction } from '@/lib/i18n';
import './locales';

export interface HeardByView {
  /** "Heard by N mics" (N counts the event's own mic), or that only its own mic heard it. */
  text: string;
  /** The mics by name, for a `data-hint`. */
  hint: string;
  /** Some other mic heard it too (shown plainly; its own mic alone is shown dimmed). */
  corroborated: boolean;
}

/**
 * What to say of who heard one event; null while that is not known yet. `complete`: every event
 * of its window was read. Names come from the edge and are only ever rendered as text.
 */
export function heardByView(
  t: TFunction<'heardBy'>,
  heardBy: readonly HeardBy[] | null | undefined,
  { complete, windowS }: { complete: boolean; windowS: number },
): HeardByView | null {
  if (heardBy === undefined) return null;
  if (heardBy === null) return { text: t('notHeld'), hint: t('notHeldHint'), corroborated: false };
  const count = heardBy.length;
  // The events around were not all read (the window still open, or not stored yet): no other
  // mic so far is not "only its own mic".
  if (count <= 1 && !complete) return null;
  const names = heardBy.map((mic) => (mic.name === null || mic.name.trim() === '' ? mic.id : mic.name)).join(', ');
  return {
    text: count <= 1 ? t('own') : complete ? t('count', { count }) : t('atLeast', { count }),
    hint: t('hint', { window: windowS, names }),
    corroborated: count > 1,
  };
}
