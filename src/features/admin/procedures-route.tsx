import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteProcedure, procedureQueries, type Procedure } from '@/api/procedures';
import { QueryView } from '@/components/query-feedback';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { ProcedureForm } from './procedure-form';
import './procedures-locales';

function ProcedureCard({
  procedure,
  onEdit,
  onDelete,
}: {
  procedure: Procedure;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('adminProcedures');
  const headingId = `procedure-${procedure.id}`;
  return (
    <Paper withBorder p="md" radius="sm" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {procedure.title}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t(`appliesTo.${procedure.target_kind}`, { target: procedure.target })}
            </Text>
          </Stack>
          <Group gap="xs">
            {procedure.require_all && (
              <Badge color="orange" variant="light">
                {t('required')}
              </Badge>
            )}
            <Button size="compact-sm" variant="light" onClick={onEdit} aria-describedby={headingId}>
              {t('edit')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-describedby={headingId}>
              {t('delete')}
            </Button>
          </Group>
        </Group>
        <Stack component="ol" gap={2} m={0} pl="lg">
          {procedure.steps.map((step) => (
            <Text component="li" size="sm" key={step.id} style={{ overflowWrap: 'anywhere' }}>
              {step.text}
            </Text>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {t('updatedBy', { name: procedure.updated_by, time: formatDateTime(procedure.updated_at, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Admin → Procedures: the checklists operators follow per label or composite rule. */
export function Component() {
  const { t } = useTranslation('adminProcedures');
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const list = useQuery(procedureQueries.list());
  // null: closed; 'new': a new one; else the one being edited.
  const [editing, setEditing] = useState<Procedure | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Procedure | null>(null);
  const remove = useMutation({
    mutationFn: (procedure: Procedure) => deleteProcedure(procedure.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: procedureQueries.all() });
      notifications.show({ color: 'teal', message: t('deleted') });
      setDeleting(null);
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={720}>
        {t('intro')}
      </Text>
      <QueryView query={list}>
        {(procedures) =>
          procedures.length === 0 ? (
            <Text c="dimmed">{t('empty')}</Text>
          ) : (
            <Stack gap="sm">
              {procedures.map((procedure) => (
                <ProcedureCard
                  key={procedure.id}
                  procedure={procedure}
                  onEdit={() => setEditing(procedure)}
                  onDelete={() => setDeleting(procedure)}
                />
              ))}
            </Stack>
          )
        }
      </QueryView>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('newTitle') : t('editTitle')}
        size="lg"
        fullScreen={phone}
      >
        {editing !== null && (
          <ProcedureForm
            key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('deleteTitle', { title: deleting?.title ?? '' })}
      >
        <Stack gap="md">
          <Text size="sm">{t('deleteBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting !== null && remove.mutate(deleting)}>
              {t('confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
