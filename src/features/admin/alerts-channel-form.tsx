import { Button, Group, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertQueries, saveAlertChannel, type AlertChannel } from '@/api/alerts';
import { useTranslation } from '@/lib/i18n';
import './alerts-locales';

/** Which settings and secrets each channel type asks for (push is set up by people on their devices). */
const FIELDS: Record<string, { settings: string[]; secrets: string[] }> = {
  webhook: { settings: ['url', 'format'], secrets: ['secret', 'token'] },
  email: { settings: ['to', 'smtp_url', 'from', 'username'], secrets: ['password'] },
  mqtt: { settings: ['url', 'topic', 'username'], secrets: ['password'] },
};

const LABEL_KEY: Record<string, string> = { smtp_url: 'smtpUrl' };

function asText(value: unknown): string {
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : String((v as { address?: unknown }).address))).join(', ');
  return typeof value === 'string' ? value : '';
}

/** Create or edit a channel; secrets are write-only: the form only says whether one is set. */
export function AlertChannelForm({
  channel,
  types,
  onDone,
}: {
  channel: AlertChannel | null;
  types: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const [name, setName] = useState(channel?.name ?? '');
  const [type, setType] = useState(channel?.type ?? 'webhook');
  const [language, setLanguage] = useState(channel?.language ?? 'en');
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [settings, setSettings] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(channel?.settings ?? {}).map(([k, v]) => [k, asText(v)])),
  );
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const fields = FIELDS[type] ?? { settings: [], secrets: [] };
  const mutation = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = {};
      for (const key of fields.settings) {
        const value = (settings[key] ?? '').trim();
        if (key === 'to') body.to = value.split(/[,\s]+/).filter(Boolean);
        else if (value !== '') body[key] = value;
      }
      const written = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== ''));
      return saveAlertChannel({ name, type, enabled, language, settings: body, secrets: written }, channel?.id ?? null);
    },
    onSuccess: ({ channel: saved }) => {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all() });
      notifications.show({ color: 'teal', message: t('saved', { name: saved.name }) });
      onDone();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });
  const settingLabel = (key: string) => t(`channels.${(LABEL_KEY[key] ?? key) as 'url'}`);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('channels.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <Select
          label={t('channels.type')}
          data={types.filter((ty) => ty in FIELDS || ty === type)}
          value={type}
          onChange={(value) => value !== null && setType(value)}
          allowDeselect={false}
          disabled={channel !== null}
        />
        {fields.settings.map((key) =>
          key === 'format' ? (
            <Select
              key={key}
              label={t('channels.format')}
              data={(['console', 'slack', 'teams'] as const).map((f) => ({
                value: f,
                label: t(`channels.formats.${f}`),
              }))}
              value={settings.format || 'console'}
              onChange={(value) => setSettings({ ...settings, format: value ?? 'console' })}
              allowDeselect={false}
            />
          ) : (
            <TextInput
              key={key}
              label={settingLabel(key)}
              value={settings[key] ?? ''}
              onChange={(e) => setSettings({ ...settings, [key]: e.currentTarget.value })}
              required={key === 'url' || key === 'to' || key === 'topic'}
            />
          ),
        )}
        {fields.secrets.map((key) => (
          <PasswordInput
            key={key}
            label={t(`channels.${key as 'secret'}`)}
            placeholder={channel?.secretsSet.includes(key) ? t('channels.secretSet') : t('channels.secretUnset')}
            value={secrets[key] ?? ''}
            onChange={(e) => setSecrets({ ...secrets, [key]: e.currentTarget.value })}
            autoComplete="new-password"
          />
        ))}
        <Select
          label={t('channels.language')}
          data={(['en', 'ko'] as const).map((l) => ({ value: l, label: t(`channels.languages.${l}`) }))}
          value={language}
          onChange={(value) => value !== null && setLanguage(value)}
          allowDeselect={false}
        />
        <Switch label={t('channels.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
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
