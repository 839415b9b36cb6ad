import type { InventoryMic, Mic } from './schemas';

const MIC_KEYS = 5;

/**
 * The shape check of the inventory's mics, written out by hand and made in place. The inventory
 * is the console's largest answer (thousands of mics) and zod's check of it was the longest task
 * on the pages reading it: 650 ms at 4× CPU for 2,400 mics in Chromium's profile of /events,
 * 150–350 ms at 1× for 10,000 mics in Node (cold, as a page runs it once), where this takes
 * 40–60 ms: it reads every field zod reads but builds nothing. A mic with fields beyond the
 * known ones is copied without them (as zod drops them); inside a location only the numbers are
 * read. Null when anything is off: the caller then runs the schema itself, for its message
 * naming the field.
 */
export function checkedMics(mics: readonly unknown[]): InventoryMic[] | null {
  let out: unknown[] | null = null;
  for (let i = 0; i < mics.length; i++) {
    const m = mics[i] as Record<string, unknown> | null;
    if (typeof m !== 'object' || m === null) return null;
    const { id, name, edge_id, status, location } = m;
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      typeof edge_id !== 'string' ||
      typeof status !== 'string' ||
      !isLocation(location)
    ) {
      return null;
    }
    let keys = 0;
    for (const _key in m) keys++;
    if (keys !== MIC_KEYS) {
      out ??= mics.slice();
      out[i] = { id, name, edge_id, status, location };
    }
  }
  return (out ?? mics) as InventoryMic[];
}

function isLocation(value: unknown): value is InventoryMic['location'] {
  if (typeof value !== 'object' || value === null) return false;
  const { latitude, longitude } = value as Record<string, unknown>;
  return typeof latitude === 'number' && typeof longitude === 'number';
}

/** A whole mic (an edit's answer, a live change) as the inventory holds it. */
export function inventoryMicOf(mic: Mic): InventoryMic {
  return { id: mic.id, name: mic.name, edge_id: mic.edge_id, status: mic.status, location: mic.location };
}

/** The inventory's categories with those `mics` have thresholds for (a new one is added, none removed). */
export function withCategoriesOf(categories: string[], mics: readonly Mic[]): string[] {
  const added = new Set<string>();
  for (const mic of mics)
    for (const category in mic.thresholds) if (!categories.includes(category)) added.add(category);
  return added.size === 0 ? categories : [...categories, ...added].sort();
}
