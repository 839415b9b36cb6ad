import { Button, Group, Paper, Text, Timeline } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CompositeEvent, ReviewItem, ReviewOutcome } from '@/api';
import type { ItemPriority } from '@/api/priority';
import { ResolveDialog } from '@/components/review/resolve-dialog';
import { useCanReview } from '@/components/review/use-review';
import { useBulkReview } from '@/components/review/use-review-action';
import { useTranslation } from '@/lib/i18n';
import { useSameRows } from '@/lib/use-same-rows';
import { TriageEntry } from './triage-entry';
import { useTriageKeys } from './use-triage-keys';
import classes from './triage-timeline.module.css';

/**
 * The timeline as a triage queue: each entry shows its review, j/k move the cursor, a and r
 * act on the selection (or the entry under the cursor), checkboxes, shift-click and x select.
 */
export function TriageTimeline({
  events,
  reviews,
  priorities,
  search,
  dimmed,
}: {
  events: CompositeEvent[];
  reviews: ReadonlyMap<string, ReviewItem>;
  priorities: ReadonlyMap<string, ItemPriority>;
  search: string;
  dimmed: boolean;
}) {
  const { t } = useTranslation('composite-events');
  const navigate = useNavigate();
  const { canAct } = useCanReview();
  const bulk = useBulkReview();
  // The cursor follows its entry, not its place: entries shown above it must not move it to another.
  // If its entry leaves (resolved under the "open" filter), it stays at the place, on the next one.
  const [cursor, setCursorAt] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [resolving, setResolving] = useState<string[] | null>(null);
  const followed = cursor.id === null ? -1 : events.findIndex((event) => event.id === cursor.id);
  const at = followed >= 0 ? followed : Math.min(cursor.index, Math.max(0, events.length - 1));
  // The entries' callbacks read the ids, which stay the same array while the same entries are
  // shown in the same order: the page builds a new list of entries on every answer and push, and
  // callbacks made from it drew every entry again (0.3-0.5 s at 4x CPU on the city's queue).
  const ids = useSameRows(useMemo(() => events.map((event) => event.id), [events]));
  const setCursor = useCallback((index: number) => setCursorAt({ id: ids[index] ?? null, index }), [ids]);
  const visibleSelection = useMemo(() => events.filter((e) => selected.has(e.id)).map((e) => e.id), [events, selected]);

  const targets = () => (visibleSelection.length > 0 ? visibleSelection : events[at] ? [events[at].id] : []);
  const selection = (ids: string[]) =>
    ids.flatMap((id) => {
      const event = events.find((e) => e.id === id);
      if (event === undefined) return [];
      return [
        { kind: 'composite' as const, id, expected_version: reviews.get(id)?.version ?? 0, fired_at: event.started_at },
      ];
    });
  const acknowledge = (ids: string[]) => {
    const items = selection(ids).filter((item) => (reviews.get(item.id)?.state ?? 'new') === 'new');
    if (items.length > 0) bulk.mutate({ action: 'acknowledge', items }, { onSuccess: () => setSelected(new Set()) });
  };
  const resolve = (ids: string[], outcome: ReviewOutcome, note: string) => {
    const items = selection(ids).filter((item) => reviews.get(item.id)?.state !== 'resolved');
    if (items.length > 0)
      bulk.mutate(
        { action: 'resolve', outcome, note: note === '' ? undefined : note, items },
        { onSuccess: () => setSelected(new Set()), onSettled: () => setResolving(null) },
      );
    else setResolving(null);
  };
  // The same function while the entries and the range's anchor stay, so unchanged entries are not drawn again.
  const toggle = useCallback(
    (index: number, range: boolean) => {
      const id = ids[index];
      if (id === undefined) return;
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        const [from, to] =
          range && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
        for (let i = from; i <= to; i++) {
          const other = ids[i]!;
          if (on) next.add(other);
          else next.delete(other);
        }
        return next;
      });
      setAnchor(index);
      setCursor(index);
    },
    [ids, anchor, setCursor],
  );

  const keys = useMemo(
    () => ({
      move: (delta: 1 | -1) => {
        const next = Math.max(0, Math.min(events.length - 1, at + delta));
        setCursor(next);
        document.getElementById(`triage-${next}`)?.scrollIntoView?.({ block: 'nearest' });
      },
      acknowledge: () => canAct && acknowledge(targets()),
      resolve: () => canAct && setResolving(targets()),
      open: () => {
        const event = events[at];
        if (event) navigate(`/composite-events/${encodeURIComponent(event.id)}`, { state: { timelineSearch: search } });
      },
      toggle: () => toggle(at, false),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, at, canAct, reviews, visibleSelection, search],
  );
  useTriageKeys(keys, resolving === null);

  return (
    <>
      {canAct && visibleSelection.length > 0 && (
        <Paper withBorder p="xs" className={classes.bulkBar} role="region" aria-label={t('triage.selection')}>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('triage.selected', { count: visibleSelection.length })}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => acknowledge(visibleSelection)} loading={bulk.isPending}>
                {t('triage.acknowledgeSelected')}
              </Button>
              <Button size="xs" variant="light" color="teal" onClick={() => setResolving(visibleSelection)}>
                {t('triage.resolveSelected')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                {t('triage.clearSelection')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        {canAct ? t('triage.keys') : t('triage.keysViewer')}
      </Text>
      <Timeline bulletSize={26} lineWidth={2} aria-label={t('timeline.label')} style={{ opacity: dimmed ? 0.6 : 1 }}>
        {events.map((event, index) => (
          <Timeline.Item key={event.id} bullet={<IconStack2 size={14} aria-hidden />}>
            <TriageEntry
              event={event}
              index={index}
              current={index === at}
              selected={selected.has(event.id)}
              canAct={canAct}
              search={search}
              priority={priorities.get(event.id)}
              review={reviews.get(event.id)}
              onCursor={setCursor}
              onToggle={toggle}
            />
          </Timeline.Item>
        ))}
      </Timeline>
      <ResolveDialog
        opened={resolving !== null}
        count={resolving?.length ?? 0}
        busy={bulk.isPending}
        onClose={() => setResolving(null)}
        onConfirm={(outcome, note) => resolve(resolving ?? [], outcome, note)}
      />
    </>
  );
}
