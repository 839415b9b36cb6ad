import { Group, Paper, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CompositeEvent } from '@/api';
import { localName } from '@/lib/i18n';
import { formatDuration, formatPercent } from '@/lib/format';
import { whyFiredGeometry, type WhyFiredGeometry } from './why-fired';
import classes from './why-fired-chart.module.css';

const LANE = 92;
// Room between the lanes for two rows of text: "rule met" under the confidence lane, then the
// sound level's lane label (on one row they overlapped when the rule was met early).
const GAP = 56;
const TOP = 30;
const LEFT = 64;
const RIGHT = 16;
const HEIGHT = TOP + LANE + GAP + LANE + 30;

function seconds(s: number) {
  return `${s >= 0 ? '+' : ''}${s} s`;
}

/** The accessible summary, e.g. "5 events within 38 s of a 60 s window; rule needs 3." */
export function useWhyCaption(geometry: WhyFiredGeometry) {
  const { t } = useTranslation('composite-events');
  const outside = geometry.points.length - geometry.inWindow;
  const caption = t('detail.whyCaption', {
    events: t('timeline.events', { count: geometry.points.length }),
    span: formatDuration(geometry.spanMs),
    window: formatDuration(geometry.windowMs),
    min: geometry.minEvents,
  });
  return outside > 0 ? `${caption} ${t('detail.whyCaptionOutside', { count: outside })}` : caption;
}

export function WhyFiredChart({ composite }: { composite: CompositeEvent }) {
  const { t, i18n } = useTranslation('composite-events');
  const { ref, width } = useElementSize();
  const captionId = useId();
  const geometry = whyFiredGeometry(composite);
  const caption = useWhyCaption(geometry);
  const plotWidth = Math.max(0, width - LEFT - RIGHT);
  const x = (fraction: number) => LEFT + fraction * plotWidth;
  const confTop = TOP;
  const levelTop = TOP + LANE + GAP;
  const yIn = (top: number, fraction: number) => top + LANE - fraction * LANE;

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={`${captionId}-title`}>
      <Title order={3} size="h4" id={`${captionId}-title`} mb={4}>
        {t('detail.why')}
      </Title>
      <figure className={classes.figure}>
        <figcaption id={captionId}>
          <Text size="sm" fw={500}>
            {caption}
          </Text>
        </figcaption>
        <div ref={ref} className={classes.plot}>
          {width > 0 && (
            <svg width={width} height={HEIGHT} role="img" aria-labelledby={captionId} className={classes.svg}>
              <rect
                className={classes.window}
                x={x(geometry.windowStartX)}
                y={TOP - 8}
                width={(geometry.windowEndX - geometry.windowStartX) * plotWidth}
                height={LANE * 2 + GAP + 16}
              />
              {[
                {
                  top: confTop,
                  label: t('detail.confidenceLane'),
                  ticks: [0, 0.5, 1].map((f) => ({ f, text: formatPercent(f) })),
                },
                {
                  top: levelTop,
                  label: t('detail.levelLane'),
                  ticks: [0, 0.5, 1].map((f) => ({
                    f,
                    text: String(Math.round(geometry.levelMin + f * (geometry.levelMax - geometry.levelMin))),
                  })),
                },
              ].map((lane) => (
                <g key={lane.label}>
                  <text x={4} y={lane.top - 12} className={classes.laneLabel}>
                    {lane.label}
                  </text>
                  {lane.ticks.map((tick) => (
                    <g key={tick.f}>
                      <line
                        x1={LEFT}
                        x2={LEFT + plotWidth}
                        y1={yIn(lane.top, tick.f)}
                        y2={yIn(lane.top, tick.f)}
                        className={classes.grid}
                      />
                      <text x={LEFT - 6} y={yIn(lane.top, tick.f) + 4} textAnchor="end" className={classes.tick}>
                        {tick.text}
                      </text>
                    </g>
                  ))}
                </g>
              ))}
              {geometry.ticks.map((tick) => (
                <text key={tick.seconds} x={x(tick.x)} y={HEIGHT - 8} textAnchor="middle" className={classes.tick}>
                  {seconds(tick.seconds)}
                </text>
              ))}
              <line
                x1={x(geometry.windowEndX)}
                x2={x(geometry.windowEndX)}
                y1={TOP - 8}
                y2={HEIGHT - 22}
                className={classes.windowEnd}
              />
              <text x={x(geometry.windowEndX) - 4} y={TOP - 10} textAnchor="end" className={classes.marker}>
                {t('detail.windowEnd')}
              </text>
              {geometry.thresholdX !== null && (
                <>
                  <line
                    x1={x(geometry.thresholdX)}
                    x2={x(geometry.thresholdX)}
                    y1={TOP - 8}
                    y2={HEIGHT - 22}
                    className={classes.ruleMet}
                  />
                  <text
                    // Under the confidence lane; near the right edge it reads leftwards, inside the plot.
                    x={geometry.thresholdX > 0.85 ? x(geometry.thresholdX) - 4 : x(geometry.thresholdX) + 4}
                    y={confTop + LANE + 18}
                    textAnchor={geometry.thresholdX > 0.85 ? 'end' : 'start'}
                    className={classes.marker}
                  >
                    {t('detail.ruleMet')}
                  </text>
                </>
              )}
              {geometry.points.map((point) => {
                const title = t('detail.pointTitle', {
                  n: point.ordinal,
                  label: localName(point.event.label.name, i18n.language),
                  offset: formatDuration(point.offsetMs),
                  confidence: formatPercent(point.event.confidence),
                  confidenceThreshold: formatPercent(point.event.confidence_threshold),
                  level: point.event.sound_level,
                  levelThreshold: point.event.sound_level_threshold,
                });
                const cx = x(point.x);
                return (
                  <g key={point.event.id}>
                    <title>{title}</title>
                    {[
                      {
                        top: confTop,
                        y: point.confidenceY,
                        threshold: point.confidenceThresholdY,
                        met: point.confidenceMet,
                      },
                      { top: levelTop, y: point.levelY, threshold: point.levelThresholdY, met: point.levelMet },
                    ].map((lane) => (
                      <g key={lane.top}>
                        <line
                          x1={cx}
                          x2={cx}
                          y1={yIn(lane.top, 0)}
                          y2={yIn(lane.top, lane.y)}
                          className={classes.stem}
                        />
                        <line
                          x1={cx - 7}
                          x2={cx + 7}
                          y1={yIn(lane.top, lane.threshold)}
                          y2={yIn(lane.top, lane.threshold)}
                          className={classes.threshold}
                        />
                        <circle
                          cx={cx}
                          cy={yIn(lane.top, lane.y)}
                          r={5}
                          className={lane.met ? classes.met : classes.notMet}
                        />
                      </g>
                    ))}
                  </g>
                );
              })}
            </svg>
          )}
        </div>
        <Group gap="lg" mt={4}>
          <Text size="xs" c="dimmed">
            <span className={classes.legendMet} aria-hidden /> {t('detail.legendMet')}
          </Text>
          <Text size="xs" c="dimmed">
            <span className={classes.legendNotMet} aria-hidden /> {t('detail.legendNotMet')}
          </Text>
          <Text size="xs" c="dimmed">
            <span className={classes.legendThreshold} aria-hidden /> {t('detail.legendThreshold')}
          </Text>
        </Group>
      </figure>
    </Paper>
  );
}
