import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removeWallLink, revokeWallLink, wallLinkQueries, type CreatedWallLink, type WallLink } from '@/api/walls';
import { QueryView, StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import { CreatedWallLinkView } from './created-wall-link';
import { WallLinkForm } from './wall-link-form';
import { WallsTable } from './walls-table';
import './walls-locales';

/** Confirms revoking a link in use, or removing a revoked one: the two things an admin does to a link. */
function ConfirmDialog({
  link,
  action,
  onClose,
}: {
  link: WallLink | null;
  action: 'revoke' | 'remove';
  onClose: () => void;
}) {
  const { t } = useTranslation('adminWalls');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (target: WallLink) => (action === 'revoke' ? revokeWallLink(target.id) : removeWallLink(target.id)),
    onSuccess: (done) => {
      void queryClient.invalidateQueries({ queryKey: wallLinkQueries.all() });
      notifications.show({ color: 'teal', message: t(`${action}.done`, { name: done.name }) });
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', title: t(`${action}.failed`), message: error.message }),
  });
  return (
    <Modal opened={link !== null} onClose={onClose} title={t(`${action}.title`, { name: link?.name ?? '' })}>
      <Stack gap="md">
        <Text size="sm">{t(`${action}.body`)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(`${action}.cancel`)}
          </Button>
          <Button color="red" loading={mutation.isPending} onClick={() => link !== null && mutation.mutate(link)}>
            {t(`${action}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Admin → Wall screens: who has a wall link, which screens are alive, create, revoke and remove. */
export function Component() {
  const { t } = useTranslation('adminWalls');
  const list = useQuery(wallLinkQueries.list());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWallLink | null>(null);
  const [revoking, setRevoking] = useState<WallLink | null>(null);
  const [removing, setRemoving] = useState<WallLink | null>(null);
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <Stack gap="md">
      <PageHeader
        level={3}
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        }
      />

      <StaleDataNotice query={list} />
      <QueryView query={list}>
        {(page) => <WallsTable links={page.results} onRevoke={setRevoking} onRemove={setRemoving} />}
      </QueryView>

      <Modal
        opened={creating}
        onClose={closeCreate}
        title={created === null ? t('form.title') : t('created.title')}
        size="lg"
        // The one-time address must not vanish on a stray click outside the dialog.
        closeOnClickOutside={created === null}
      >
        {created === null ? (
          <WallLinkForm onCreated={setCreated} onCancel={closeCreate} />
        ) : (
          <CreatedWallLinkView created={created} onDone={closeCreate} />
        )}
      </Modal>
      <ConfirmDialog link={revoking} action="revoke" onClose={() => setRevoking(null)} />
      <ConfirmDialog link={removing} action="remove" onClose={() => setRemoving(null)} />
    </Stack>
  );
}
