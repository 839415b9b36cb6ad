import { createContext, memo, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLabelNames } from '@/components/labels/use-labels';
import type { LabelName, Mic } from '@/api';
import { DateTime } from '@/components/date-time';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { plainLink } from '@/components/plain-text';
import { StatusToggle } from './status-toggle';
import { ThresholdSummary } from './threshold-summary';
import classes from './mics.module.css';

/*
 * The table's cells, each memoised on its mic (the same object while the device is unchanged):
 * the table draws every row again when its columns change (their links carry the URL's search),
 * and a side answer (the label names, the live stream's state, a poll) used to draw all 25 rows
 * again, 0.3-0.6 s on a phone. Plain
 * elements where a Mantine layout component added nothing but its style resolution per row.
 */

const NO_NAMES: ReadonlyMap<string, LabelName> = new Map();
const LabelNames = createContext(NO_NAMES);

/**
 * The categories' ko/en names for the threshold chips: their answer (three pages of recent events)
 * re-renders only the chips, not the page with its table.
 */
export function MicLabelNames({ children }: { children: ReactNode }) {
  const { names } = useLabelNames();
  return <LabelNames.Provider value={names}>{children}</LabelNames.Provider>;
}

export const NameCell = memo(function NameCell({ mic, to }: { mic: Mic; to: string }) {
  return (
    <div>
      <Link
        to={to}
        className={`${plainLink()} ${classes.nameLink}`}
        onClick={(event) => event.stopPropagation()}
        data-hint={mic.name}
      >
        {mic.name}
      </Link>
      <span className={classes.micId}>{mic.id}</span>
    </div>
  );
});

export const StatusCell = memo(function StatusCell({ mic, readOnly }: { mic: Mic; readOnly: boolean }) {
  return readOnly ? <MicStatusBadge status={mic.status} /> : <StatusToggle mic={mic} />;
});

export const ThresholdCell = memo(function ThresholdCell({ thresholds }: { thresholds: Mic['thresholds'] }) {
  return <ThresholdSummary thresholds={thresholds} names={useContext(LabelNames)} />;
});

export const UpdatedCell = memo(function UpdatedCell({ value }: { value: string }) {
  return <DateTime value={value} relative size="xs" />;
});
