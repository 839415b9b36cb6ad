import { Button, Group, Popover, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEarScan, IconTag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewQueries, type CompositeEvent } from '@/api';
import { useLabels } from '@/components/labels/use-labels';
import { useCanReview } from '@/components/review/use-review';
import { useReviewAction } from '@/components/review/use-review-action';
import { useTranslation } from '@/lib/i18n';
import './locales';

/**
 * What the operator heard: the label confirmed, or the category it really was. Both join the
 * incident's review history (and the audit trail) without changing its state or owner.
 */
export function ListenVerdict({ composite }: { composite: CompositeEvent }) {
  const { canAct } = useCanReview();
  return canAct ? <Verdicts composite={composite} /> : null;
}

function Verdicts({ composite }: { composite: CompositeEvent }) {
  const { t, i18n } = useTranslation('listen');
  const thread = useQuery(reviewQueries.thread('composite', composite.id));
  const action = useReviewAction('composite', composite.id);
  const [open, setOpen] = useState(false);
  // Categories no event has named yet come from the mic inventory (2,400 mics, 840 kB on a city's
  // edge, parsed and checked): read when the picker is about to be used, not with every drill-down.
  const [picking, setPicking] = useState(false);
  const { categories } = useLabels({ withInventory: picking });
  const [label, setLabel] = useState<string | null>(null);
  if (thread.data === undefined) return null;
  const version = thread.data.item.version;
  const recorded = () => notifications.show({ color: 'teal', message: t('verdict.recorded') });
  const language = i18n.language === 'ko' ? 'ko' : 'en';

  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('verdict.title')}>
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconEarScan size={14} />}
        loading={action.isPending && action.variables?.action === 'listen_confirm'}
        onClick={() =>
          action.mutate(
            { action: 'listen_confirm', expected_version: version, fired_at: composite.started_at },
            { onSuccess: recorded },
          )
        }
      >
        {t('verdict.confirm')}
      </Button>
      <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconTag size={14} />}
            onPointerEnter={() => setPicking(true)}
            onFocus={() => setPicking(true)}
            onClick={() => {
              setPicking(true);
              setOpen((o) => !o);
            }}
          >
            {t('verdict.wrong')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={240}>
            <Select
              label={t('verdict.category')}
              searchable
              comboboxProps={{ withinPortal: false }}
              value={label}
              onChange={setLabel}
              data={categories.map((category) => ({
                value: category.id,
                label: category.name?.[language] ?? category.id,
              }))}
            />
            <Button
              size="xs"
              disabled={label === null}
              loading={action.isPending && action.variables?.action === 'listen_relabel'}
              onClick={() =>
                label !== null &&
                action.mutate(
                  { action: 'listen_relabel', expected_version: version, label, fired_at: composite.started_at },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      recorded();
                    },
                  },
                )
              }
            >
              {t('verdict.record')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
