import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';
import { reviewItemSchema, reviewQueries, type ReviewKind } from './review';

/** Admins' checklists per sound label or composite rule, and operators' ticks on items (server/procedures). */
export const PROCEDURE_LIMITS = { title: 120, step: 200, steps: 12, target: 100 } as const;
export type ProcedureTargetKind = 'label' | 'rule';

const stepSchema = lazySchema(() => z.object({ id: z.string(), text: z.string() }));
export const procedureSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    target_kind: z.enum(['label', 'rule']),
    target: z.string(),
    title: z.string(),
    steps: z.array(stepSchema),
    require_all: z.boolean(),
    version: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    updated_by: z.string(),
  }),
);
export type Procedure = z.infer<typeof procedureSchema>;
export type ProcedureStep = z.infer<typeof stepSchema>;

const tickSchema = lazySchema(() => z.object({ step_id: z.string(), ticked_by: z.string(), ticked_at: z.string() }));
export type ProcedureTick = z.infer<typeof tickSchema>;
const checklistSchema = lazySchema(() =>
  z.object({ procedure: z.nullable(procedureSchema), ticks: z.array(tickSchema) }),
);
export type ItemChecklist = z.infer<typeof checklistSchema>;

export interface ProcedureDraft {
  target_kind: ProcedureTargetKind;
  target: string;
  title: string;
  require_all: boolean;
  /** A step sent with its id keeps its ticks. */
  steps: { id?: string; text: string }[];
}

const envelope = lazySchema(() => z.object({ procedure: procedureSchema }));
const itemPath = (kind: ReviewKind, id: string) => `/api/review/items/${kind}/${encodeURIComponent(id)}/procedure`;

export const procedureQueries = {
  all: () => ['procedures'] as const,
  list: () =>
    queryOptions({
      queryKey: [...procedureQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/procedures',
          schema: z.object({ procedures: z.array(procedureSchema) }),
          signal,
          consoleOnly: true,
        }).then((answer) => answer.procedures),
    }),
  /**
   * An item's checklist. Keyed under the item's review thread, so whatever refreshes the thread
   * (a live review change from any screen, a tick here) refreshes its ticks too.
   */
  item: (kind: ReviewKind, id: string, firedAt: string | undefined) =>
    queryOptions({
      queryKey: [...reviewQueries.thread(kind, id).queryKey, 'procedure'] as const,
      queryFn: ({ signal }) =>
        request({
          path: itemPath(kind, id),
          query: { fired_at: firedAt },
          schema: checklistSchema,
          signal,
          consoleOnly: true,
        }),
    }),
};

export function createProcedure(body: ProcedureDraft) {
  return request({ method: 'POST', path: '/api/procedures', body, schema: envelope, consoleOnly: true });
}

export function updateProcedure(id: string, expectedVersion: number, body: ProcedureDraft) {
  return request({
    method: 'PATCH',
    path: `/api/procedures/${encodeURIComponent(id)}`,
    body: { ...body, expected_version: expectedVersion },
    schema: envelope,
    consoleOnly: true,
  });
}

export function deleteProcedure(id: string) {
  return request({
    method: 'DELETE',
    path: `/api/procedures/${encodeURIComponent(id)}`,
    schema: z.object({ deleted: z.string() }),
    consoleOnly: true,
  });
}

export function tickStep(kind: ReviewKind, id: string, stepId: string, ticked: boolean) {
  return request({
    method: 'POST',
    path: `${itemPath(kind, id)}/steps/${encodeURIComponent(stepId)}`,
    body: { ticked },
    schema: z.object({ item: reviewItemSchema, ticks: z.array(tickSchema) }),
    consoleOnly: true,
  });
}
