import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ALERT_PRIORITIES, alertQueries, saveAlertRule, type AlertRule } from '@/api/alerts';
import { useTranslation } from '@/lib/i18n';
import './alerts-locales';

interface Step {
  after: number;
  channels: string[];
}

/** "22:00-06:00" ↔ one quiet span every day (the file and the API take more: days, several spans). */
function quietText(rule: AlertRule | null): string {
  const span = rule?.settings.quiet[0];
  return span === undefined ? '' : `${span.from}-${span.to}`;
}

/** Create or edit a rule: which sounds, how many mics, to which channels, and who next when nobody answers. */
export function AlertRuleForm({
  rule,
  channels,
  onDone,
}: {
  rule: AlertRule | null;
  channels: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const s = rule?.settings;
  const [name, setName] = useState(rule?.name ?? '');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [labels, setLabels] = useState<string[]>(s?.labels ?? []);
  const [source, setSource] = useState(s?.source ?? 'events');
  const [edges, setEdges] = useState<string[]>(s?.edges ?? []);
  const [minMics, setMinMics] = useState<number>(s?.min_mics ?? 1);
  const [priority, setPriority] = useState(s?.priority ?? 'high');
  const [cooldown, setCooldown] = useState<number>(s?.cooldown ?? 0);
  const [stormCap, setStormCap] = useState<number>(s?.storm_cap ?? 5);
  const [radius, setRadius] = useState<number>(s?.radius_m ?? 500);
  const [incidentWindow, setIncidentWindow] = useState<number>(s?.window ?? 120);
  const [picked, setPicked] = useState<string[]>(s?.channels ?? []);
  const [quiet, setQuiet] = useState(quietText(rule));
  const [steps, setSteps] = useState<Step[]>(s?.escalate ?? []);
  const mutation = useMutation({
    mutationFn: () => {
      const match = /^\s*(\d\d:\d\d)\s*[-–]\s*(\d\d:\d\d)\s*$/.exec(quiet);
      const settings = {
        ...s,
        labels,
        source,
        edges,
        min_mics: minMics,
        priority,
        cooldown,
        storm_cap: stormCap,
        radius_m: radius,
        window: incidentWindow,
        channels: picked,
        quiet: match === null ? [] : [{ days: [0, 1, 2, 3, 4, 5, 6], from: match[1]!, to: match[2]! }],
        escalate: steps.filter((step) => step.channels.length > 0),
      };
      return saveAlertRule({ name, enabled, settings }, rule?.id ?? null);
    },
    onSuccess: ({ rule: saved }) => {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all() });
      notifications.show({ color: 'teal', message: t('saved', { name: saved.name }) });
      onDone();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });
  const number = (set: (n: number) => void) => (value: string | number) => set(typeof value === 'number' ? value : 0);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('rules.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <TagsInput label={t('rules.labels')} value={labels} onChange={setLabels} placeholder="gunshot" />
        <Select
          label={t('rules.source')}
          data={(['events', 'composites'] as const).map((v) => ({ value: v, label: t(`rules.sources.${v}`) }))}
          value={source}
          onChange={(value) => value !== null && setSource(value)}
          allowDeselect={false}
        />
        <TagsInput label={t('rules.edges')} value={edges} onChange={setEdges} />
        <Group grow align="flex-start">
          <NumberInput label={t('rules.minMics')} min={1} max={100} value={minMics} onChange={number(setMinMics)} />
          <Select
            label={t('rules.priority')}
            data={ALERT_PRIORITIES.map((p) => ({ value: p, label: t(`rules.priorities.${p}`) }))}
            value={priority}
            onChange={(value) => value !== null && setPriority(value)}
            allowDeselect={false}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t('rules.cooldown')}
            suffix=" s"
            min={0}
            value={cooldown}
            onChange={number(setCooldown)}
          />
          <NumberInput label={t('rules.stormCap')} min={1} max={1000} value={stormCap} onChange={number(setStormCap)} />
        </Group>
        {/* What makes one incident: same label, nearby mics, close in time. */}
        <Group grow align="flex-start">
          <NumberInput
            label={t('rules.radius')}
            suffix=" m"
            min={0}
            max={100000}
            value={radius}
            onChange={number(setRadius)}
          />
          <NumberInput
            label={t('rules.window')}
            suffix=" s"
            min={1}
            value={incidentWindow}
            onChange={number(setIncidentWindow)}
          />
        </Group>
        <MultiSelect searchable label={t('rules.channels')} data={channels} value={picked} onChange={setPicked} />
        <TextInput
          label={t('rules.quiet')}
          value={quiet}
          onChange={(e) => setQuiet(e.currentTarget.value)}
          placeholder="22:00-06:00"
        />
        {steps.length > 0 && (
          <Text size="sm" fw={500}>
            {t('rules.escalate')}
          </Text>
        )}
        {steps.map((step, i) => (
          // Side by side on a desk; on a phone the channels go under the delay rather than crush it.
          <Group key={i} align="flex-end" gap="xs" role="group" aria-label={`${t('rules.escalate')} ${i + 1}`}>
            <NumberInput
              label={t('rules.after')}
              suffix=" s"
              min={1}
              w={{ base: '100%', xs: 210 }}
              value={step.after}
              onChange={(value) => setSteps(steps.map((x, j) => (j === i ? { ...x, after: Number(value) || 1 } : x)))}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 220 }}>
              <MultiSelect
                searchable
                label={t('rules.stepChannels')}
                data={channels}
                value={step.channels}
                style={{ flex: 1 }}
                onChange={(value) => setSteps(steps.map((x, j) => (j === i ? { ...x, channels: value } : x)))}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={1}
                aria-label={t('rules.removeStep')}
                onClick={() => setSteps(steps.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setSteps([...steps, { after: 60, channels: [] }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('rules.addStep')}
        </Button>
        <Switch label={t('rules.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
