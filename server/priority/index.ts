import type { ConsoleDb } from '../db/database.js';
import { compositeFacts, eventFacts, type ItemFacts } from './facts.js';
import {
  describePriority,
  levelAtLeast,
  MIN_OUTCOMES,
  scoreIncident,
  type Level,
  type Priority,
  type PrecisionCell,
} from './score.js';
import { precisionCells, precisionReport, readSettings, recordFacts, type PrioritySettings } from './store.js';

export type { Level, Priority, Reason } from './score.js';
export { LEVELS, describePriority, levelAtLeast } from './score.js';

export type ItemKind = 'composite' | 'event';

/** An item's priority, whether it asks a person for review, and its reasons in English words. */
export interface ItemPriority extends Priority {
  /** At or above the admins' review level: a review item (acknowledge, badge, overdue). Below: a detection. */
  review: boolean;
  /** "Critical: gunshot · heard by 4 mics · 18 dB over threshold". */
  summary: string;
}

/** Settings and outcomes change rarely: read at most this often (and at once after an admin change). */
const CONTEXT_MS = 30_000;

interface Context {
  at: number;
  settings: PrioritySettings;
  precision: Map<string, PrecisionCell>;
}

/**
 * Scores items with the admins' settings, what outcomes taught, and the areas unusual now. One per
 * console database (see `prioritizerFor`); its reads are cached, so scoring a page of items is cheap.
 */
export class Prioritizer {
  private context: Promise<Context> | null = null;
  /** Mics in an area unusual right now; set by whoever knows (the insights), empty until then. */
  unusualMics: () => ReadonlySet<string> = () => new Set();

  constructor(private readonly db: ConsoleDb) {}

  /** Forget the cached settings and outcomes: the next score reads them again. */
  invalidate(): void {
    this.context = null;
  }

  async settings(): Promise<PrioritySettings> {
    return (await this.read()).settings;
  }

  /** Scores facts already read; `record` keeps them so that the item's outcome later teaches. */
  async score(facts: ItemFacts): Promise<ItemPriority> {
    const { settings, precision } = await this.read();
    const priority = scoreIncident(facts, {
      severities: settings.severities,
      precision,
      unusualMics: this.unusualMics(),
    });
    return {
      ...priority,
      review: levelAtLeast(priority.level, settings.reviewLevel),
      summary: describePriority(priority),
    };
  }

  /**
   * Scores edge items (composite events, or base events on their own) as the edge sent them, and
   * keeps their facts for precision. Only items the server itself read from the edge come here:
   * never a browser's word, so nobody can teach the console false outcomes.
   */
  async scoreEdgeItems(kind: ItemKind, items: readonly unknown[]): Promise<Map<string, ItemPriority>> {
    const scored = new Map<string, ItemPriority>();
    const rows: Parameters<typeof recordFacts>[1] = [];
    for (const item of items) {
      const facts = kind === 'composite' ? compositeFacts(item) : eventFacts(item);
      const id = (item as { id?: unknown }).id;
      if (facts === null || typeof id !== 'string') continue;
      const priority = await this.score(facts);
      scored.set(id, priority);
      rows.push({ kind, id, facts, priority });
    }
    await recordFacts(this.db, rows);
    return scored;
  }

  /**
   * What a screen scores with (the same scoreIncident runs in the browser): the settings, the
   * (label, mic) outcomes that teach (only those with enough of them), the mics unusual now.
   */
  async browserContext() {
    const { settings, precision } = await this.read();
    return {
      review_level: settings.reviewLevel,
      severities: settings.severities,
      precision: [...precision]
        .filter(([, cell]) => cell.real + cell.falseAlarms >= MIN_OUTCOMES)
        .map(([key, cell]) => {
          const [label, mic] = key.split('\u0000');
          return { label: label!, mic_id: mic!, real: cell.real, false_alarms: cell.falseAlarms };
        }),
      unusual_mic_ids: [...this.unusualMics()],
    };
  }

  private async read(): Promise<Context> {
    const now = Date.now();
    const current = this.context;
    if (current !== null) {
      const context = await current.catch(() => null);
      if (context !== null && now - context.at < CONTEXT_MS) return context;
    }
    const next = (async () => ({
      at: now,
      settings: await readSettings(this.db),
      precision: precisionCells(await precisionReport(this.db)),
    }))();
    this.context = next;
    return next;
  }
}

const byDb = new WeakMap<ConsoleDb, Prioritizer>();

/** The one Prioritizer of a console database. */
export function prioritizerFor(db: ConsoleDb): Prioritizer {
  let prioritizer = byDb.get(db);
  if (prioritizer === undefined) {
    prioritizer = new Prioritizer(db);
    byDb.set(db, prioritizer);
  }
  return prioritizer;
}

/**
 * The priority of one incident as the edge sent it (for other concerns, e.g. alerts out):
 * `kind` 'composite' for a composite event, 'event' for a base event on its own; `item` the edge's
 * object. Null when the object is not one the edge sends. Scoring also records the item's facts.
 *
 *   const p = await priorityOf(db, 'composite', composite);
 *   if (p?.review) send(p.summary);   // "Critical: gunshot · heard by 3 mics · 18 dB over threshold"
 */
export async function priorityOf(db: ConsoleDb, kind: ItemKind, item: unknown): Promise<ItemPriority | null> {
  const id = (item as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return null;
  return (await prioritizerFor(db).scoreEdgeItems(kind, [item])).get(id) ?? null;
}

/** The admins' review level: items at or above it ask for a person. */
export async function reviewLevelOf(db: ConsoleDb): Promise<Level> {
  return (await prioritizerFor(db).settings()).reviewLevel;
}
