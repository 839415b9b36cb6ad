import { replaceEqualDeep } from '@tanstack/react-query';
import { useState } from 'react';
import type { CompositeEvent } from '@/api';

/**
 * The first page as the operator last saw it: the query it answers and its entries in the
 * service's order. Later answers of the same query do not replace it while it has entries.
 */
export interface Snapshot {
  key: string;
  events: readonly CompositeEvent[];
}

/**
 * Whether a newer answer may replace what is on screen at once. It may when nothing can move
 * under the operator's eyes or pointer: nothing is drawn yet, the operator asked for another
 * query (filters, order, page), nothing is listed, or the page is not the first (only the first
 * page refreshes by itself). Otherwise newer entries wait behind "N new": one arriving while the
 * page loaded was drawn at the top and moved every entry below it by about 400 px (CLS 0.25), and
 * one arriving while the operator reads, or points at an entry, moves the entry away the same way.
 */
export function takesAnswer(snapshot: Snapshot | null, key: string, firstPage: boolean): boolean {
  return snapshot === null || snapshot.key !== key || snapshot.events.length === 0 || !firstPage;
}

/**
 * What is drawn and what is held: the snapshot's entries, each in its newest copy (a composite
 * that grew keeps its place), and the newer answer's entries that the snapshot does not list.
 * Entries the newer answer pushed to the next page stay until the operator shows the new ones.
 */
export function heldView(
  snapshot: readonly CompositeEvent[],
  latest: readonly CompositeEvent[],
): { shown: CompositeEvent[]; fresh: CompositeEvent[] } {
  const newest = new Map(latest.map((event) => [event.id, event]));
  const onScreen = new Set(snapshot.map((event) => event.id));
  return {
    shown: snapshot.map((event) => newest.get(event.id) ?? event),
    fresh: latest.filter((event) => !onScreen.has(event.id)),
  };
}

/** The entries whose reviews and scores are asked for: the newer answer's, then those only the snapshot still lists. */
export function idsOf(snapshot: readonly CompositeEvent[], latest: readonly CompositeEvent[]): string[] {
  const ids = latest.map((event) => event.id);
  const known = new Set(ids);
  for (const event of snapshot) if (!known.has(event.id)) ids.push(event.id);
  return ids;
}

/**
 * `next`, with each value the copy `previous` holds while the two are equal, and `previous` itself
 * when nothing changed.
 */
export function keepEqualEntries<V>(
  previous: ReadonlyMap<string, V>,
  next: ReadonlyMap<string, V>,
): ReadonlyMap<string, V> {
  let changed = previous.size !== next.size;
  const out = new Map<string, V>();
  for (const [key, value] of next) {
    const held = previous.get(key);
    const kept = held === undefined ? value : replaceEqualDeep(held, value);
    if (kept !== held) changed = true;
    out.set(key, kept);
  }
  return changed ? out : previous;
}

/**
 * The last settled answer while a newer one is asked for. Reviews and scores are asked per list of
 * ids, so every new entry is a new question: its answer started empty, which showed hidden
 * (resolved) entries and sorted by age alone for a round trip, then hid and re-sorted them again.
 * Its items keep their last copies while unchanged: the new question's answer brought a new copy
 * of each, and every entry of the queue was drawn again (0.3-0.6 s at 4x CPU on the city, with a
 * composite pushed every 2 s or so).
 */
export function useLastSettled<V>(answer: ReadonlyMap<string, V>, settled: boolean): ReadonlyMap<string, V> {
  const [kept, setKept] = useState(() => ({ answer, shared: answer }));
  if (!settled || kept.answer === answer) return kept.shared;
  const next = { answer, shared: keepEqualEntries(kept.shared, answer) };
  // Remembering what was drawn, the React way: state set during render re-renders this component only.
  setKept(next);
  return next.shared;
}
