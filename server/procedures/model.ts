import { z } from 'zod';

export const TARGET_KINDS = ['label', 'rule'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** Short on purpose: a checklist read in an emergency, on a phone. */
export const MAX_TITLE = 120;
export const MAX_STEP = 200;
export const MAX_STEPS = 12;
export const MAX_TARGET = 100;

// Text an admin types: shown as text in every browser, so only control characters are refused
// (NUL is refused for every body by server/nul-guard.ts; a line break has no place in a step).
const noControl = (text: string) => ![...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const line = (max: number) =>
  z.string().trim().min(1).max(max).refine(noControl, { message: 'must not contain control characters' });

export const stepIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'is not a step id');

export const procedureBody = z.object({
  target_kind: z.enum(TARGET_KINDS),
  target: line(MAX_TARGET),
  title: line(MAX_TITLE),
  require_all: z.boolean(),
  // A step that keeps its id keeps its ticks; a step without one is new.
  steps: z
    .array(z.object({ id: stepIdSchema.optional(), text: line(MAX_STEP) }))
    .min(1)
    .max(MAX_STEPS),
});
export type ProcedureBody = z.infer<typeof procedureBody>;

export interface Step {
  id: string;
  text: string;
}

export interface Procedure {
  id: string;
  target_kind: TargetKind;
  target: string;
  title: string;
  steps: Step[];
  require_all: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

export interface Tick {
  step_id: string;
  ticked_by: string;
  ticked_at: string;
}

/** What the edge says of an item, as far as procedures care. */
export interface ItemFacts {
  rule_id: string | null;
  label_ids: string[];
  fired_at: string;
}

/** The one procedure that applies: the composite rule's own, else the first of its labels' that has one. */
export function applicable(procedures: readonly Procedure[], facts: ItemFacts): Procedure | null {
  const byRule = procedures.find((p) => p.target_kind === 'rule' && p.target === facts.rule_id);
  if (byRule !== undefined) return byRule;
  for (const label of facts.label_ids) {
    const byLabel = procedures.find((p) => p.target_kind === 'label' && p.target === label);
    if (byLabel !== undefined) return byLabel;
  }
  return null;
}

/** The steps not ticked yet, in order. */
export function untickedSteps(procedure: Procedure, ticks: readonly { step_id: string }[]): Step[] {
  const ticked = new Set(ticks.map((t) => t.step_id));
  return procedure.steps.filter((step) => !ticked.has(step.id));
}

/** Why resolving is refused, in words an operator acts on; null when it is not. */
export function resolveRefusal(procedure: Procedure | null, ticks: readonly { step_id: string }[]): string | null {
  if (procedure === null || !procedure.require_all) return null;
  const open = untickedSteps(procedure, ticks);
  if (open.length === 0) return null;
  const list = open.map((step) => `“${step.text}”`).join(', ');
  return `procedure: "${procedure.title}" needs every step ticked before resolving; ${open.length} of ${procedure.steps.length} not ticked: ${list}.`;
}
