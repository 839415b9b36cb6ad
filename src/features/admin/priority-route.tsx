import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRIORITY_LEVELS, priorityQueries, savePrioritySettings, type PriorityLevel } from '@/api/priority';
import { QueryView } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import './priority-locales';

/** Admin → Priority: the review level and each category's severity (server-enforced: admins only, audited). */
export function Component() {
  const { t } = useTranslation('adminPriority');
  const settings = useQuery(priorityQueries.settings());
  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <QueryView query={settings}>{(data) => <PriorityForm key={JSON.stringify(data)} initial={data} />}</QueryView>
    </Stack>
  );
}

function PriorityForm({
  initial,
}: {
  initial: { review_level: PriorityLevel; severities: Record<string, PriorityLevel> };
}) {
  const { t } = useTranslation('adminPriority');
  const queryClient = useQueryClient();
  const [reviewLevel, setReviewLevel] = useState<PriorityLevel>(initial.review_level);
  const [severities, setSeverities] = useState<Record<string, PriorityLevel>>(initial.severities);
  const [adding, setAdding] = useState('');
  const levels = [...PRIORITY_LEVELS].reverse().map((value) => ({ value, label: t(`level.${value}`) }));
  const save = useMutation({
    mutationFn: () => savePrioritySettings({ review_level: reviewLevel, severities }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: priorityQueries.all() });
      notifications.show({ color: 'teal', message: t('saved') });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });
  const labelOk = /^[\p{L}\p{N}_.:-]{1,100}$/u.test(adding.trim());
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        {/* Native selects: a Mantine Select (combobox, popover, floating position) per category
            made the form's first render one task of 1.2-1.4 s at 4x CPU on a phone (tbt.mts). */}
        <NativeSelect
          label={t('reviewLevel')}
          description={t('reviewLevelHint')}
          data={levels}
          value={reviewLevel}
          onChange={(event) => setReviewLevel(event.currentTarget.value as PriorityLevel)}
          w={280}
        />
        <Stack gap={4}>
          <Text fw={600} size="sm" id="severities-title">
            {t('severities')}
          </Text>
          <Table aria-labelledby="severities-title" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('label')}</Table.Th>
                <Table.Th>{t('severity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.keys(severities)
                .sort()
                .map((label) => (
                  <Table.Tr key={label}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{label}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`${t('severity')}: ${label}`}
                        data={levels}
                        value={severities[label]!}
                        onChange={(event) =>
                          setSeverities({ ...severities, [label]: event.currentTarget.value as PriorityLevel })
                        }
                        size="xs"
                        w={160}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('addLabel')}
            placeholder={t('addLabelHint')}
            value={adding}
            onChange={(event) => setAdding(event.currentTarget.value)}
            w={260}
          />
          <Button
            variant="light"
            disabled={!labelOk}
            onClick={() => {
              setSeverities({ ...severities, [adding.trim()]: 'medium' });
              setAdding('');
            }}
          >
            {t('add')}
          </Button>
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
