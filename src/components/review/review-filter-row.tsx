import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_OUTCOMES, reviewQueries } from '@/api';
import { useTranslation } from '@/lib/i18n';
import type { ReviewFilter, ReviewFilterState } from './review-filter';
import './locales';

/** State, assignee and outcome filters; `choices` in the page's order (its default first). */
export function ReviewFilterRow({
  filters,
  choices,
  update,
}: {
  filters: ReviewFilterState;
  choices: readonly ReviewFilter[];
  update: (patch: Partial<ReviewFilterState>) => void;
}) {
  const { t } = useTranslation('review');
  const people = useQuery({ ...reviewQueries.people(), retry: false });
  const assignees = [
    ...new Set([...(people.data?.people ?? []), ...(filters.assignee === null ? [] : [filters.assignee])]),
  ];
  return (
    <>
      <Select
        label={t('filter.state')}
        data={choices.map((value) => ({ value, label: t(`filter.choice.${value}`) }))}
        value={filters.review}
        onChange={(value) => value !== null && update({ review: value as ReviewFilter })}
        allowDeselect={false}
        // Wide enough for its longest choice in either language ('Open (new or acknowledged)').
        w={270}
      />
      <Select
        label={t('assignee')}
        placeholder={t('filter.anyone')}
        data={assignees}
        value={filters.assignee}
        onChange={(value) => update({ assignee: value })}
        clearable
        searchable
        w={170}
      />
      <Select
        label={t('actions.outcome')}
        placeholder={t('filter.anyOutcome')}
        data={REVIEW_OUTCOMES.map((value) => ({ value, label: t(`outcome.${value}`) }))}
        value={filters.outcome}
        onChange={(value) => update({ outcome: value })}
        clearable
        w={170}
      />
    </>
  );
}
