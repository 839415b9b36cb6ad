import { Group, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { memo } from 'react';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import { FRESH_MS, STATE_COLORS, type MarkerState } from './mic-marker-state';
import classes from './mic-marker-legend.module.css';
import './locales';

/** "15 min", "2 h": a recency window in the UI language. */
export function formatWindow(t: TFunction, minutes: number): string {
  return minutes >= 60 && minutes % 60 === 0
    ? t('micMap:window.hours', { count: minutes / 60 })
    : t('micMap:window.minutes', { count: minutes });
}

/** The same shapes the canvas draws (see `drawGlyph`), as SVG for the legend. */
function Swatch({
  state,
  cluster = false,
  pulse = false,
  size,
  dark,
}: {
  state: MarkerState;
  cluster?: boolean;
  pulse?: boolean;
  size: number;
  dark: boolean;
}) {
  const outline = dark ? '#0b1016' : '#ffffff';
  const color = STATE_COLORS[state];
  const c = 14;
  const heard = state === 'fresh' || state === 'recent';
  return (
    <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden focusable="false" className={classes.swatch}>
      {pulse && <circle cx={c} cy={c} r={12.5} fill="none" stroke={color} strokeWidth={2} strokeDasharray="3 2" />}
      {heard && !cluster && (
        <circle cx={c} cy={c} r={state === 'fresh' ? 13 : 11} fill={color} opacity={state === 'fresh' ? 0.35 : 0.25} />
      )}
      {state === 'fresh' && !cluster && <circle cx={c} cy={c} r={12} fill="none" stroke={color} strokeWidth={1.2} />}
      {cluster ? (
        <>
          <circle cx={c} cy={c} r={10} fill={color} stroke={outline} strokeWidth={1.5} />
          <text x={c} y={c + 3.5} textAnchor="middle" fontSize={9} fontWeight={700} fill="#fff">
            12
          </text>
        </>
      ) : state === 'inactive' ? (
        <rect
          x={c - 5.5}
          y={c - 5.5}
          width={11}
          height={11}
          fill={color}
          fillOpacity={0.35}
          stroke={color}
          strokeWidth={2.2}
        />
      ) : state === 'unknown' ? (
        <path
          d={`M${c} ${c - 7.5}L${c + 7.5} ${c}L${c} ${c + 7.5}L${c - 7.5} ${c}Z`}
          fill={color}
          stroke={outline}
          strokeWidth={1.2}
        />
      ) : (
        <circle cx={c} cy={c} r={state === 'fresh' ? 7 : 6} fill={color} stroke={outline} strokeWidth={1.2} />
      )}
    </svg>
  );
}

export interface MicMarkerLegendProps {
  windowMinutes: number;
  /** Show the pulse entry (the wall display animates new events). */
  showPulse?: boolean;
  /** Text size, larger on a wall. */
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * Explains colours and shapes of the mic markers; every entry has a shape and words. Memoised, and
 * the colour scheme read once, not per swatch: the map page re-renders with each answer, and each
 * swatch's own scheme hook asked matchMedia again (30 ms of the map's first task at 4x CPU).
 */
export const MicMarkerLegend = memo(function MicMarkerLegend({
  windowMinutes,
  showPulse = false,
  size = 'xs',
}: MicMarkerLegendProps) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const swatch = size === 'lg' ? 30 : size === 'md' ? 24 : 20;
  const freshMinutes = Math.min(FRESH_MS / 60_000, windowMinutes);
  const rows: { key: string; state: MarkerState; label: string; cluster?: boolean; pulse?: boolean }[] = [
    { key: 'fresh', state: 'fresh', label: t('micMap:legend.fresh', { minutes: freshMinutes }) },
    ...(windowMinutes > freshMinutes
      ? [
          {
            key: 'recent',
            state: 'recent' as const,
            label: t('micMap:legend.recent', { window: formatWindow(t, windowMinutes) }),
          },
        ]
      : []),
    { key: 'active', state: 'active', label: t('micMap:legend.active') },
    { key: 'inactive', state: 'inactive', label: t('micMap:legend.inactive') },
    { key: 'unknown', state: 'unknown', label: t('micMap:legend.unknown') },
    { key: 'cluster', state: 'recent', label: t('micMap:legend.cluster'), cluster: true },
    ...(showPulse ? [{ key: 'pulse', state: 'fresh' as const, label: t('micMap:legend.pulse'), pulse: true }] : []),
  ];
  return (
    <Stack gap={4} className={classes.legend} data-size={size}>
      <Text size={size} fw={700}>
        {t('micMap:legend.title')}
      </Text>
      <Stack gap={2} component="ul" className={classes.list}>
        {rows.map((row) => (
          <Group key={row.key} gap={6} wrap="nowrap" component="li">
            <Swatch state={row.state} cluster={row.cluster} pulse={row.pulse} size={swatch} dark={dark} />
            <Text size={size}>{row.label}</Text>
          </Group>
        ))}
      </Stack>
      <Text size={size} c="dimmed" className={classes.note}>
        {t('micMap:legend.stronger')}
      </Text>
    </Stack>
  );
});
