import { Alert, Badge, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, reviewQueries, storeReviewItem, type ReviewKind } from '@/api';
import { procedureQueries, tickStep, type ItemChecklist } from '@/api/procedures';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useReviewRefresh } from './use-review';
import './procedure-locales';

interface ItemProps {
  kind: ReviewKind;
  id: string;
  firedAt: string;
}

/**
 * The checklist an admin wrote for the item's label or composite rule, with who ticked what.
 * Nothing shows when no procedure applies. Every tick goes to the server (which writes it to the
 * item's history and tells every screen); step text is an admin's and renders as text only.
 */
export function ProcedureChecklist({
  kind,
  id,
  firedAt,
  canAct,
  resolved,
}: ItemProps & { canAct: boolean; resolved: boolean }) {
  const { t, i18n } = useTranslation('procedure');
  const queryClient = useQueryClient();
  const refresh = useReviewRefresh();
  const checklist = useQuery({ ...procedureQueries.item(kind, id, firedAt), refetchInterval: refresh, retry: false });
  const tick = useMutation({
    mutationFn: ({ step, ticked }: { step: string; ticked: boolean }) => tickStep(kind, id, step, ticked),
    onSuccess: ({ item, ticks }) => {
      queryClient.setQueryData(procedureQueries.item(kind, id, firedAt).queryKey, (old) => old && { ...old, ticks });
      storeReviewItem(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: reviewQueries.thread(kind, id).queryKey });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: t('failed'), message: error.message });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.thread(kind, id).queryKey });
    },
  });

  const procedure = checklist.data?.procedure;
  if (procedure === undefined || procedure === null) return null;
  const ticks = new Map(checklist.data!.ticks.map((tk) => [tk.step_id, tk]));
  const done = procedure.steps.filter((step) => ticks.has(step.id)).length;
  const headingId = `procedure-${kind}-${id}`;

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {t('title', { title: procedure.title })}
          </Title>
          <Group gap="xs">
            {procedure.require_all && (
              <Badge color="orange" variant="light">
                {t('required')}
              </Badge>
            )}
            <Text size="sm" c={done === procedure.steps.length ? 'teal' : 'dimmed'} aria-live="polite">
              {t('progress', { done, total: procedure.steps.length })}
            </Text>
          </Group>
        </Group>
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {procedure.steps.map((step) => {
            const ticked = ticks.get(step.id);
            const pending = tick.isPending && tick.variables?.step === step.id;
            return (
              <li key={step.id}>
                <Checkbox
                  // While the server is asked, the box shows what was asked for.
                  checked={pending ? tick.variables.ticked : ticked !== undefined}
                  disabled={!canAct || resolved || pending}
                  onChange={(event) => !pending && tick.mutate({ step: step.id, ticked: event.currentTarget.checked })}
                  label={<span style={{ overflowWrap: 'anywhere' }}>{step.text}</span>}
                  description={
                    ticked === undefined
                      ? undefined
                      : t('tickedBy', { name: ticked.ticked_by, time: formatDateTime(ticked.ticked_at, i18n.language) })
                  }
                />
              </li>
            );
          })}
        </Stack>
        {resolved ? (
          <Text size="xs" c="dimmed">
            {t('resolvedNote')}
          </Text>
        ) : (
          !canAct && (
            <Text size="xs" c="dimmed">
              {t('viewOnly')}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}

/** The unticked steps of an item's checklist, as the last read of it has them. */
function openSteps(checklist: ItemChecklist | undefined): string[] {
  const procedure = checklist?.procedure;
  if (procedure === undefined || procedure === null) return [];
  const ticked = new Set(checklist!.ticks.map((tk) => tk.step_id));
  return procedure.steps.filter((step) => !ticked.has(step.id)).map((step) => `“${step.text}”`);
}

/**
 * Why a resolve was refused, in the screen's language: a procedure's unticked steps (the
 * server's 422 names them in English) or whatever else the server said.
 */
export function ResolveRefusal({ kind, id, firedAt, error }: ItemProps & { error: Error }) {
  const { t } = useTranslation('procedure');
  const checklist = useQuery({ ...procedureQueries.item(kind, id, firedAt), retry: false });
  const byProcedure = error instanceof ApiError && error.status === 422 && /\bprocedure: "/.test(error.message);
  const steps = openSteps(checklist.data);
  return (
    <Alert color="red" variant="light" role="alert" p="xs">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {byProcedure && steps.length > 0 ? t('refused', { steps: steps.join(', ') }) : error.message}
      </Text>
    </Alert>
  );
}
