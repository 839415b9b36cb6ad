import { Alert, Button, Group, Select, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PUSH_PRIORITIES, pushQueries, savePushPreferences, type PushPreferences } from '@/api/push';
import { useTranslation } from '@/lib/i18n';

const SUGGESTED = ['gunshot', 'explosion', 'scream', 'glass_break', 'siren', 'alarm'];

/** "Push me gunshots": one's own labels and minimum priority, on top of the rules that name one. */
export function PushPreferencesForm() {
  const { data } = useQuery(pushQueries.preferences());
  // Mounted once the saved choices are in, so the form starts from them (and keeps its own after saving).
  return data === undefined ? null : <ChoicesForm saved={data} />;
}

function ChoicesForm({ saved }: { saved: PushPreferences }) {
  const { t } = useTranslation('push');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const save = useMutation({
    mutationFn: savePushPreferences,
    onSuccess: (kept) => queryClient.setQueryData(pushQueries.preferences().queryKey, kept),
  });
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <Title order={3} size="h5">
        {t('choices')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('choicesHint')}
      </Text>
      <Switch
        label={t('enabled')}
        checked={draft.enabled}
        onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
      />
      <TagsInput
        label={t('labels')}
        description={t('labelsHint')}
        placeholder={t('labelsPlaceholder')}
        data={SUGGESTED}
        value={draft.labels}
        maxTags={50}
        disabled={!draft.enabled}
        onChange={(labels) => setDraft({ ...draft, labels })}
      />
      <Select
        label={t('minPriority')}
        data={PUSH_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
        value={draft.minPriority}
        allowDeselect={false}
        disabled={!draft.enabled}
        onChange={(value) =>
          value !== null && setDraft({ ...draft, minPriority: value as PushPreferences['minPriority'] })
        }
      />
      {save.isError && (
        <Alert color="red" role="alert">
          {t('failed', { reason: save.error.message })}
        </Alert>
      )}
      {save.isSuccess && (
        <Text size="sm" c="teal" role="status">
          {t('saved')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
