import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_OUTCOMES, reviewQueries } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { REVIEW_FILTERS, type TimelineFilters } from './timeline-filters';

/** State, assignee and outcome filters of the timeline (applied to the loaded page). */
export function ReviewFilterRow({
  filters,
  update,
}: {
  filters: TimelineFilters;
  update: (patch: Partial<TimelineFilters>) => void;
}) {
  const { t } = useTranslation('composite-events');
  const people = useQuery({ ...reviewQueries.people(), retry: false });
  const assignees = [
    ...new Set([...(people.data?.people ?? []), ...(filters.assignee === null ? [] : [filters.assignee])]),
  ];
  return (
    <>
      <Select
        label={t('review.state')}
        data={REVIEW_FILTERS.map((value) => ({ value, label: t(`review.filter.${value}`) }))}
        value={filters.review}
        onChange={(value) => update({ review: (value ?? 'open') as TimelineFilters['review'] })}
        allowDeselect={false}
        w={170}
      />
      <Select
        label={t('review.assignee')}
        placeholder={t('review.anyone')}
        data={assignees}
        value={filters.assignee}
        onChange={(value) => update({ assignee: value })}
        clearable
        searchable
        w={170}
      />
      <Select
        label={t('review.outcome')}
        placeholder={t('review.anyOutcome')}
        data={REVIEW_OUTCOMES.map((value) => ({ value, label: t(`review:outcome.${value}`) }))}
        value={filters.outcome}
        onChange={(value) => update({ outcome: value })}
        clearable
        w={170}
      />
    </>
  );
}
