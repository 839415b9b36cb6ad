import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { ApiError, commentOnItem, reviewQueries, type ReviewKind } from '@/api';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { ProcedureChecklist, ResolveRefusal } from './procedure-checklist';
import { ResolveDialog } from './resolve-dialog';
import { ReviewBadge } from './review-badge';
import { ReviewHistory } from './review-history';
import { useCanReview, useReviewRefresh } from './use-review';
import { useReviewAction } from './use-review-action';
import './locales';

/**
 * An item's review on its own page: state and owner, the actions an operator may take, the
 * comment thread and the history. A viewer sees all of it and no control that changes it.
 * Memoised: its page draws again whenever its incident gains a sound, and nothing here changes then.
 */
export const ReviewPanel = memo(function ReviewPanel({
  kind,
  id,
  firedAt,
}: {
  kind: ReviewKind;
  id: string;
  firedAt: string;
}) {
  const { t } = useTranslation('review');
  const refresh = useReviewRefresh();
  const thread = useQuery({ ...reviewQueries.thread(kind, id), refetchInterval: refresh, retry: false });
  const { canAct, username } = useCanReview();
  const action = useReviewAction(kind, id);
  const [resolving, setResolving] = useState(false);

  if (thread.data === undefined) {
    if (thread.isError)
      return <QueryError error={thread.error} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />;
    return null;
  }
  const { item, comments, history } = thread.data;
  const version = item.version;
  const fired = { fired_at: firedAt };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="review-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={3} size="h4" id="review-title">
              {t('section')}
            </Title>
            <ReviewBadge item={item} firedAt={firedAt} />
          </Group>
          {canAct && (
            <Group gap="xs" wrap="wrap">
              {item.state === 'new' && (
                <Button
                  loading={action.isPending && action.variables?.action === 'acknowledge'}
                  onClick={() => action.mutate({ action: 'acknowledge', expected_version: version, ...fired })}
                >
                  {t('actions.acknowledge')}
                </Button>
              )}
              {item.state !== 'resolved' && (
                <Button
                  variant="light"
                  color="teal"
                  onClick={() => {
                    action.reset();
                    setResolving(true);
                  }}
                >
                  {t('actions.resolve')}
                </Button>
              )}
              {item.state === 'resolved' && (
                <Button
                  variant="default"
                  loading={action.isPending}
                  onClick={() => action.mutate({ action: 'reopen', expected_version: version })}
                >
                  {t('actions.reopen')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        {item.state === 'resolved' && item.note !== null && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.note}
          </Text>
        )}
        <ProcedureChecklist
          kind={kind}
          id={id}
          firedAt={firedAt}
          canAct={canAct}
          resolved={item.state === 'resolved'}
        />
        {canAct && item.state !== 'resolved' && (
          <AssignControl
            current={item.assignee}
            me={username}
            busy={action.isPending && action.variables?.action === 'assign'}
            onAssign={(assignee) => action.mutate({ action: 'assign', assignee, expected_version: version, ...fired })}
          />
        )}
        {!canAct && (
          <Alert variant="light" color="gray" p="xs">
            <Text size="sm">{t('actions.viewOnly')}</Text>
          </Alert>
        )}
        <Comments kind={kind} id={id} firedAt={firedAt} canAct={canAct} comments={comments} />
        <ReviewHistory history={history} />
      </Stack>
      <ResolveDialog
        opened={resolving}
        count={1}
        busy={action.isPending}
        refusal={
          action.isError && action.variables?.action === 'resolve' ? (
            <ResolveRefusal kind={kind} id={id} firedAt={firedAt} error={action.error} />
          ) : null
        }
        onClose={() => setResolving(false)}
        onConfirm={(outcome, note) =>
          action.mutate(
            { action: 'resolve', outcome, note: note === '' ? undefined : note, expected_version: version, ...fired },
            // A refusal (422: a procedure's steps not ticked) keeps the dialog and what was typed in it.
            {
              onSettled: (_data, error) => !(error instanceof ApiError && error.status === 422) && setResolving(false),
            },
          )
        }
      />
    </Paper>
  );
});

function AssignControl({
  current,
  me,
  busy,
  onAssign,
}: {
  current: string | null;
  me: string | null;
  busy: boolean;
  onAssign: (assignee: string) => void;
}) {
  const { t } = useTranslation('review');
  const people = useQuery({ ...reviewQueries.people(), retry: false });
  const options = [...new Set([...(people.data?.people ?? []), ...(current === null ? [] : [current])])];
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('assignee')}
        placeholder={t('unassigned')}
        data={options}
        value={current}
        onChange={(value) => value !== null && value !== current && onAssign(value)}
        searchable
        w={220}
        disabled={busy}
      />
      {me !== null && me !== current && (
        <Button variant="subtle" onClick={() => onAssign(me)} loading={busy}>
          {t('actions.assignToMe')}
        </Button>
      )}
    </Group>
  );
}

function Comments({
  kind,
  id,
  firedAt,
  canAct,
  comments,
}: {
  kind: ReviewKind;
  id: string;
  firedAt: string;
  canAct: boolean;
  comments: { id: number; author: string; text: string; at: string }[];
}) {
  const { t } = useTranslation('review');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => commentOnItem(kind, id, text.trim(), firedAt),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: reviewQueries.thread(kind, id).queryKey });
    },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="review-comments">
      <Title order={4} size="h5" id="review-comments">
        {t('comments.title')}
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {comments.map((comment) => (
            <li key={comment.id}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {comment.author}
                </Text>
                <DateTime value={comment.at} dimmed size="xs" />
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.text}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {canAct && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() !== '') send.mutate();
          }}
        >
          <Stack gap={6}>
            <Textarea
              aria-label={t('comments.label')}
              placeholder={t('comments.add')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
              error={send.error?.message}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={send.isPending} disabled={text.trim() === ''}>
                {t('comments.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
