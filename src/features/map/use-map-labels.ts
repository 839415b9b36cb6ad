import { useMemo } from 'react';
import { useLabelNames } from '@/components/labels/use-labels';
import { textOrder } from '@/lib/collate';
import { localName, useTranslation } from '@/lib/i18n';

type Named = { label: { id: string; name: { ko: string; en: string } } };

/**
 * The sound labels to choose from, by name: the edge's, those of the window's events, and the one
 * filtered on. Read by the two lists that offer them (the label filter, the coverage panel's sound),
 * not by the page: at its root, the label names' five queries were set up in the map's first render
 * (its longest part at 4x CPU with the markers) and each of their answers re-rendered the whole page.
 */
export function useMapLabels(
  events: readonly Named[] | undefined,
  filtered: string | null,
): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const { names } = useLabelNames();
  return useMemo(() => {
    const order = textOrder(i18n.language);
    const byId = new Map<string, string>();
    for (const [id, name] of names) byId.set(id, localName(name, i18n.language));
    for (const event of events ?? []) byId.set(event.label.id, localName(event.label.name, i18n.language));
    if (filtered !== null && !byId.has(filtered)) byId.set(filtered, filtered);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => order(a.label, b.label));
  }, [names, events, filtered, i18n.language]);
}
