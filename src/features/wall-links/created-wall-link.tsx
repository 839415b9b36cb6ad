import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { CreatedWallLink } from '@/api/walls';
import { useTranslation } from '@/lib/i18n';

/** The new link's address, shown this once: the server keeps only a hash of its key. */
export function CreatedWallLinkView({ created, onDone }: { created: CreatedWallLink; onDone: () => void }) {
  const { t } = useTranslation('adminWalls');
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconKey aria-hidden />}>
        {t('created.once')}
      </Alert>
      <TextInput
        label={t('created.url')}
        value={created.url}
        readOnly
        ff="monospace"
        onFocus={(event) => event.currentTarget.select()}
        rightSectionWidth={110}
        rightSection={
          <CopyButton value={created.url}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('created.copied') : t('created.copy')}
              </Button>
            )}
          </CopyButton>
        }
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('created.done')}</Button>
      </Group>
    </Stack>
  );
}
