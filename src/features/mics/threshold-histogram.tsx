import { useTranslation } from '@/lib/i18n';
import { confidenceHistogram } from './histogram';
import classes from './mics.module.css';

const WIDTH = 200;
const HEIGHT = 48;
const BINS = 20;

/**
 * How recent events spread by confidence, with the proposed threshold drawn on it. Bars at or
 * above the threshold are filled in the accent colour and the line is dashed, so the split reads
 * without colour too; the text alternative lists every non-empty bin.
 */
export function ThresholdHistogram({
  confidences,
  threshold,
  label,
}: {
  confidences: readonly number[];
  threshold: number | null;
  label: string;
}) {
  const { t } = useTranslation('mics');
  const histogram = confidenceHistogram(confidences, BINS);
  const barWidth = WIDTH / BINS;
  const scale = histogram.max === 0 ? 0 : (HEIGHT - 2) / histogram.max;
  const bins = histogram.counts
    .map((count, i) => ({ count, from: i / BINS, to: (i + 1) / BINS }))
    .filter((bin) => bin.count > 0)
    .map((bin) => t('preview.bin', { from: bin.from.toFixed(2), to: bin.to.toFixed(2), count: bin.count }))
    .join(', ');
  const thresholdText = threshold === null ? '—' : threshold.toFixed(2);
  return (
    <svg
      className={classes.histogram}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('preview.chartLabel', { total: histogram.total, label, threshold: thresholdText })}
    >
      <desc>{bins}</desc>
      {histogram.counts.map((count, i) => {
        if (count === 0) return null;
        const height = Math.max(1.5, count * scale);
        const above = threshold !== null && (i + 1) / BINS > threshold;
        return (
          <rect
            key={i}
            x={i * barWidth + 0.5}
            y={HEIGHT - height}
            width={barWidth - 1}
            height={height}
            className={above ? classes.barAbove : classes.barBelow}
          />
        );
      })}
      <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={classes.axis} />
      {threshold !== null && (
        <line
          x1={threshold * WIDTH}
          x2={threshold * WIDTH}
          y1={0}
          y2={HEIGHT}
          className={classes.thresholdLine}
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}
