import type { HeardBy } from '@/api/insights';
import { useTranslation } from '@/lib/i18n';
import { plainText } from '../plain-text';
import { heardByView } from './heard-by-view';

interface HeardByCellProps {
  heardBy: readonly HeardBy[] | null | undefined;
  /** Every event of its window was read; else a count is a lower bound, and its own mic alone not known yet. */
  complete: boolean;
  windowS: number;
  size?: 'xs' | 'sm';
}

/**
 * "Heard by N mics", naming the mics in a hint; its own mic alone is said plainly, dimmed. A plain
 * element: tables draw one per row.
 */
export function HeardByCell({ heardBy, complete, windowS, size = 'sm' }: HeardByCellProps) {
  const { t } = useTranslation('heardBy');
  const view = heardByView(t, heardBy, { complete, windowS });
  if (view === null) {
    return (
      // An image role: a paragraph may not be named, and "…" alone says nothing to a screen reader.
      <p className={plainText({ size, dimmed: true })} role="img" aria-label={t('unknown')}>
        …
      </p>
    );
  }
  return (
    <p
      className={`${plainText({ size, strong: view.corroborated, dimmed: !view.corroborated })} mantine-focus-auto`}
      tabIndex={0}
      data-hint={view.hint}
      style={{ whiteSpace: 'nowrap', cursor: 'help' }}
    >
      {view.text}
    </p>
  );
}
