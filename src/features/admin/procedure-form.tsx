import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { compositeEventQueries } from '@/api';
import {
  createProcedure,
  PROCEDURE_LIMITS,
  procedureQueries,
  updateProcedure,
  type Procedure,
  type ProcedureDraft,
  type ProcedureTargetKind,
} from '@/api/procedures';
import { useLabels } from '@/components/labels/use-labels';
import { localName, useTranslation } from '@/lib/i18n';
import './procedures-locales';

/** Rules have no list in the edge's interface: the last day's composite events name the ones in use. */
function useRuleSuggestions(): string[] {
  const recent = useQuery({ ...compositeEventQueries.list({ sinceMinutes: 24 * 60, size: 100 }), staleTime: 300_000 });
  return useMemo(() => [...new Set((recent.data?.results ?? []).map((c) => c.rule.id))].sort(), [recent.data]);
}

interface StepDraft {
  id?: string;
  text: string;
  key: number;
}

/** Writes a new procedure or edits one; a refusal (a taken target, a newer edit) keeps what was typed. */
export function ProcedureForm({ editing, onDone }: { editing: Procedure | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('adminProcedures');
  const queryClient = useQueryClient();
  const { categories } = useLabels();
  const rules = useRuleSuggestions();
  const [kind, setKind] = useState<ProcedureTargetKind>(editing?.target_kind ?? 'label');
  const [target, setTarget] = useState(editing?.target ?? '');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [requireAll, setRequireAll] = useState(editing?.require_all ?? true);
  const [nextKey, setNextKey] = useState(100);
  const [steps, setSteps] = useState<StepDraft[]>(
    editing === null ? [{ text: '', key: 0 }] : editing.steps.map((s, i) => ({ id: s.id, text: s.text, key: i })),
  );

  const save = useMutation({
    mutationFn: (draft: ProcedureDraft) =>
      editing === null ? createProcedure(draft) : updateProcedure(editing.id, editing.version, draft),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: procedureQueries.all() });
      onDone();
    },
  });
  const labelOptions = categories.map((c) => ({
    value: c.id,
    label: c.name === null ? c.id : `${c.id} (${localName(c.name, i18n.language)})`,
  }));
  const filled = steps.filter((s) => s.text.trim() !== '');
  const ready = target.trim() !== '' && title.trim() !== '' && filled.length > 0;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        save.mutate({
          target_kind: kind,
          target: target.trim(),
          title: title.trim(),
          require_all: requireAll,
          steps: filled.map(({ id, text }) => ({ ...(id === undefined ? {} : { id }), text: text.trim() })),
        });
      }}
    >
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={t('failed')}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {save.error.message}
            </Text>
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="procedure-kind">
            {t('targetKind')}
          </Text>
          <SegmentedControl
            aria-labelledby="procedure-kind"
            value={kind}
            onChange={(value) => setKind(value as ProcedureTargetKind)}
            data={[
              { value: 'label', label: t('kind.label') },
              { value: 'rule', label: t('kind.rule') },
            ]}
          />
        </Stack>
        <Autocomplete
          label={t(`target.${kind}`)}
          description={t('targetHint')}
          value={target}
          onChange={setTarget}
          data={kind === 'label' ? labelOptions : rules}
          maxLength={PROCEDURE_LIMITS.target}
          required
        />
        <TextInput
          label={t('name')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={PROCEDURE_LIMITS.title}
          required
        />
        <Checkbox
          label={t('requireAll')}
          checked={requireAll}
          onChange={(event) => setRequireAll(event.currentTarget.checked)}
        />
        <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500}>
            {t('steps')}
          </Text>
          {steps.map((step, index) => (
            <Group key={step.key} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('step', { n: index + 1 })}
                value={step.text}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setSteps((all) => all.map((s) => (s.key === step.key ? { ...s, text } : s)));
                }}
                maxLength={PROCEDURE_LIMITS.step}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('removeStep', { n: index + 1 })}
                disabled={steps.length === 1}
                onClick={() => setSteps((all) => all.filter((s) => s.key !== step.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={steps.length >= PROCEDURE_LIMITS.steps}
              onClick={() => {
                setSteps((all) => [...all, { text: '', key: nextKey }]);
                setNextKey((k) => k + 1);
              }}
            >
              {t('addStep')}
            </Button>
            {steps.length >= PROCEDURE_LIMITS.steps && (
              <Text size="xs" c="dimmed">
                {t('stepsMax', { max: PROCEDURE_LIMITS.steps })}
              </Text>
            )}
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!ready}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
