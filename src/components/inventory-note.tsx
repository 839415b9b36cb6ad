import { Text } from '@mantine/core';
import type { Inventory } from '@/api';
import { clockTime } from '@/lib/clock-time';
import { useTranslation } from '@/lib/i18n';

/** The most mics a map draws: past it, a screen would stall on markers no one can tell apart. */
export const MAX_DRAWN_MICS = 100_000;

const numbers = new Map<string, Intl.NumberFormat>();
function formatCount(value: number, language: string): string {
  let format = numbers.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language);
    numbers.set(language, format);
  }
  return format.format(value);
}

/** The first `MAX_DRAWN_MICS` mics of an inventory (or all of them). */
export function drawable<T>(mics: readonly T[]): readonly T[] {
  return mics.length > MAX_DRAWN_MICS ? mics.slice(0, MAX_DRAWN_MICS) : mics;
}

/**
 * What a screen built on the mic inventory must say about it: that the console server's walk
 * stopped at its page cap ("showing the first 100,000 of 8,000,000,000 mics"), that this screen
 * draws fewer than it holds, or that the mics are from an earlier read.
 */
export function useInventoryNotes(inventory: Inventory | undefined): string[] {
  const { t, i18n } = useTranslation();
  if (inventory === undefined) return [];
  const count = (n: number) => formatCount(n, i18n.language);
  const notes: string[] = [];
  if (!inventory.complete) {
    const total = inventory.reported_total;
    notes.push(
      total !== null && total > inventory.count
        ? t('inventory.capped', {
            shown: count(inventory.count),
            total: count(total),
            pages: count(inventory.max_pages),
          })
        : t('inventory.cappedUnknown', { shown: count(inventory.count), pages: count(inventory.max_pages) }),
    );
  }
  if (inventory.mics.length > MAX_DRAWN_MICS) {
    notes.push(t('inventory.drawCapped', { shown: count(MAX_DRAWN_MICS), total: count(inventory.mics.length) }));
  }
  if (inventory.stale !== null) {
    notes.push(
      t('inventory.stale', {
        time: inventory.stale.since === null ? '—' : clockTime(inventory.stale.since),
        reason: inventory.stale.error,
      }),
    );
  }
  return notes;
}

export function InventoryNote({ inventory }: { inventory: Inventory | undefined }) {
  const notes = useInventoryNotes(inventory);
  if (notes.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" role="status" data-testid="inventory-note">
      {notes.join(' ')}
    </Text>
  );
}
