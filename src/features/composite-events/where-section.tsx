import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { insightQueries, type SourceAnswer } from '@/api/insights';
import { type CompositeEvent } from '@/api';
import { QueryView } from '@/components/query-feedback';
import { bestSource, compassOf, isLocated, placeText, radiusText, reasonText } from '@/components/map/place-words';
import { formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { firstShown, incidentMics, micsFor } from './where-model';
import { WhereMap } from './where-map';
import { WhereSounds } from './where-sounds';
import classes from './where.module.css';
import './where-locales';

function Legend({ answer }: { answer: SourceAnswer }) {
  const { t } = useTranslation('where');
  const anyLocated = answer.sources.some(isLocated);
  const anyNear = answer.sources.some((s) => !isLocated(s));
  const anyDropped = answer.sources.some((s) => s.dropped.length > 0);
  const items = (
    [
      [anyLocated, classes.swatchPlace, t('legend.place')],
      [anyNear, classes.swatchNear, t('legend.near')],
      [true, classes.swatchCircle, t('legend.circle')],
      [answer.tracks.length > 0, classes.swatchTrack, t('legend.track')],
      [true, classes.swatchUsed, t('legend.used')],
      [anyDropped, classes.swatchDropped, t('legend.dropped')],
      [true, classes.swatchOther, t('legend.other')],
    ] as const
  ).filter(([shown]) => shown);
  return (
    <ul className={classes.legend} aria-label={t('mapLabel')}>
      {items.map(([, swatch, text]) => (
        <li key={text}>
          <span className={`${classes.swatch} ${swatch}`} aria-hidden />
          <Text size="xs" component="span">
            {text}
          </Text>
        </li>
      ))}
    </ul>
  );
}

function Summary({ answer, composite }: { answer: SourceAnswer; composite: CompositeEvent }) {
  const { t } = useTranslation('where');
  const { t: tp } = useTranslation('place');
  const mics = incidentMics(composite);
  const best = bestSource(answer);
  return (
    <Stack gap={4}>
      {best !== null && isLocated(best) ? (
        <Text fw={600} data-testid="where-best">
          {t('best', {
            place: placeText(tp, best, mics),
            radius: radiusText(tp, best.radius_m),
            method: tp(`method.${best.method}`).toLowerCase(),
          })}
        </Text>
      ) : (
        <Text fw={600} data-testid="where-best">
          {t('noneLocated', { count: answer.sources.length })}
        </Text>
      )}
      {answer.tracks.map((track) => (
        <Text size="sm" key={track.from}>
          {t('moving', {
            direction: tp(`compass.${compassOf(track.heading_deg)}`),
            speed: track.speed_mps,
            error: track.speed_error_mps,
            from: formatTime(track.from),
            to: formatTime(track.to),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function WhereView({ answer, composite }: { answer: SourceAnswer; composite: CompositeEvent }) {
  const { t } = useTranslation('where');
  const [chosen, setChosen] = useState<number | null>(null);
  const allMics = useMemo(() => incidentMics(composite), [composite]);
  const index = chosen !== null && chosen < answer.sources.length ? chosen : firstShown(answer);
  const selected = answer.sources[index];
  if (selected === undefined) {
    return (
      <Alert color="gray" variant="light" icon={<IconMapPinOff size={18} aria-hidden />} role="status">
        {t('cannotLocate', { why: reasonText([], answer.reason ?? null) ?? '' })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Summary answer={answer} composite={composite} />
      <div className={classes.layout}>
        <Stack gap={6} className={classes.mapColumn}>
          <WhereMap
            answer={answer}
            selected={selected}
            mics={micsFor(selected, allMics)}
            allMics={allMics}
            onSelect={setChosen}
          />
          <Legend answer={answer} />
        </Stack>
        <WhereSounds answer={answer} selected={index} mics={allMics} labels={composite.labels} onSelect={setChosen} />
      </div>
    </Stack>
  );
}

/** "Where it was": each sound of the incident placed from the mics that heard it (issue 27). */
export function WhereSection({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('where');
  const query = useQuery(insightQueries.source(composite.id));
  // A composite that grew (new base events) is located again.
  const { refetch } = query;
  const count = composite.events.length;
  const located = useRef(count);
  useEffect(() => {
    if (located.current === count) return;
    located.current = count;
    void refetch();
  }, [count, refetch]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="where-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} size="h4" id="where-title">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </div>
      </Group>
      <QueryView query={query}>{(answer) => <WhereView answer={answer} composite={composite} />}</QueryView>
    </Stack>
  );
}
