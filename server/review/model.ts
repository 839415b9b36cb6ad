import { z } from 'zod';

export const KINDS = ['composite', 'event'] as const;
export type ItemKind = (typeof KINDS)[number];
export const STATES = ['new', 'acknowledged', 'resolved'] as const;
export type ReviewState = (typeof STATES)[number];
export const OUTCOMES = ['real_incident', 'false_alarm', 'test', 'other'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const MAX_NOTE = 2000;
export const MAX_ID = 200;

export interface ItemKey {
  kind: ItemKind;
  id: string;
}

// Edge ids are opaque text; control characters never belong in one.
export const itemIdSchema = z
  .string()
  .min(1)
  .max(MAX_ID)
  .refine((id) => ![...id].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), {
    message: 'must not contain control characters',
  });
export const kindSchema = z.enum(KINDS);

/** An item's review as the API returns it; an item nobody has acted on is `new` at version 0. */
export interface ReviewItem {
  kind: ItemKind;
  id: string;
  state: ReviewState;
  assignee: string | null;
  outcome: Outcome | null;
  note: string | null;
  version: number;
  fired_at: string | null;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  updated_by: string | null;
}

export function implicitItem(key: ItemKey): ReviewItem {
  return {
    kind: key.kind,
    id: key.id,
    state: 'new',
    assignee: null,
    outcome: null,
    note: null,
    version: 0,
    fired_at: null,
    acknowledged_by: null,
    acknowledged_at: null,
    resolved_by: null,
    resolved_at: null,
    created_at: null,
    updated_at: null,
    updated_by: null,
  };
}

const assigneeSchema = z.string().trim().min(1).max(100);
/**
 * When the browser says the item fired. Never stored: it only says where to look for a base event
 * on the edge (which has no read of one event by id); the time kept is the edge's (KnownItems).
 */
const firedAtSchema = z.iso.datetime({ offset: true }).optional();

/** The actions that change an item's state or owner; each names the version it was decided on. */
export const transitionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('acknowledge'), expected_version: z.number().int().min(0), fired_at: firedAtSchema }),
  z.object({
    action: z.literal('assign'),
    expected_version: z.number().int().min(0),
    assignee: assigneeSchema,
    fired_at: firedAtSchema,
  }),
  z.object({
    action: z.literal('resolve'),
    expected_version: z.number().int().min(0),
    outcome: z.enum(OUTCOMES),
    note: z.string().trim().max(MAX_NOTE).optional(),
    fired_at: firedAtSchema,
  }),
  z.object({ action: z.literal('reopen'), expected_version: z.number().int().min(0) }),
  // After listening to the clips: the label confirmed, or the category it really was.
  z.object({
    action: z.literal('listen_confirm'),
    expected_version: z.number().int().min(0),
    event_id: itemIdSchema.optional(),
    fired_at: firedAtSchema,
  }),
  z.object({
    action: z.literal('listen_relabel'),
    expected_version: z.number().int().min(0),
    label: itemIdSchema.refine((label) => label.length <= 100, 'at most 100 characters'),
    event_id: itemIdSchema.optional(),
    fired_at: firedAtSchema,
  }),
]);
export type Transition = z.infer<typeof transitionSchema>;

export type TransitionResult =
  { ok: true; next: ReviewItem; details: Record<string, unknown> } | { ok: false; current: ReviewItem; detail: string };

/** Why a transition cannot apply to the item as it is now: what the second operator reads. */
export function conflictDetail(current: ReviewItem, action: Transition['action']): string {
  if (current.state === 'resolved' && current.resolved_by !== null) {
    return `Already resolved by ${current.resolved_by} at ${current.resolved_at ?? '?'}.`;
  }
  if (current.state === 'acknowledged' && action === 'acknowledge' && current.acknowledged_by !== null) {
    return `Already acknowledged by ${current.acknowledged_by} at ${current.acknowledged_at ?? '?'}.`;
  }
  if (current.state !== 'resolved' && action === 'reopen') return 'Only a resolved item can be reopened.';
  if (current.updated_by !== null) return `Changed by ${current.updated_by} at ${current.updated_at ?? '?'}.`;
  return 'Changed by someone else.';
}

/**
 * The review state machine. new → acknowledged → resolved; a resolved item can be reopened,
 * which takes it back to acknowledged (it was looked at already) and clears the outcome.
 * Resolving a new item acknowledges it in the same step. Assigning keeps the state; the first
 * acknowledge or resolve of an unassigned item assigns it to whoever acted. Any transition
 * decided on an older version than the item's is refused, so two operators never both win.
 * Listening verdicts (listen_confirm, listen_relabel) change neither state nor owner, in any state.
 * `firedAt` is when the item fired as the edge says, kept from the first action on.
 */
export function applyTransition(
  current: ReviewItem,
  t: Transition,
  actor: string,
  now: string,
  firedAt: string | null,
): TransitionResult {
  const refuse = (): TransitionResult => ({ ok: false, current, detail: conflictDetail(current, t.action) });
  if (t.expected_version !== current.version) return refuse();
  const base: ReviewItem = {
    ...current,
    version: current.version + 1,
    fired_at: current.fired_at ?? firedAt,
    created_at: current.created_at ?? now,
    updated_at: now,
    updated_by: actor,
  };
  switch (t.action) {
    case 'acknowledge':
      if (current.state !== 'new') return refuse();
      return {
        ok: true,
        next: {
          ...base,
          state: 'acknowledged',
          acknowledged_by: actor,
          acknowledged_at: now,
          assignee: current.assignee ?? actor,
        },
        details: {},
      };
    case 'assign':
      if (current.state === 'resolved') return refuse();
      return { ok: true, next: { ...base, assignee: t.assignee }, details: { assignee: t.assignee } };
    case 'resolve': {
      if (current.state === 'resolved') return refuse();
      const note = t.note === undefined || t.note === '' ? null : t.note;
      return {
        ok: true,
        next: {
          ...base,
          state: 'resolved',
          outcome: t.outcome,
          note,
          acknowledged_by: current.acknowledged_by ?? actor,
          acknowledged_at: current.acknowledged_at ?? now,
          assignee: current.assignee ?? actor,
          resolved_by: actor,
          resolved_at: now,
        },
        details: { outcome: t.outcome, note },
      };
    }
    case 'listen_confirm':
    case 'listen_relabel': {
      // What an ear heard joins the history; the state and the owner stay as they are.
      const heard = { ...(t.action === 'listen_relabel' ? { label: t.label } : {}), event_id: t.event_id ?? null };
      return { ok: true, next: base, details: heard };
    }
    case 'reopen':
      if (current.state !== 'resolved') return refuse();
      return {
        ok: true,
        next: { ...base, state: 'acknowledged', outcome: null, note: null, resolved_by: null, resolved_at: null },
        details: { previous_outcome: current.outcome },
      };
  }
}
