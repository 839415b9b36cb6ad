/**
 * An incident's priority and the reasons for it (issue 26). Pure: the facts come from the edge
 * (labels, which mics heard it, how loud against each mic's threshold, the rule), the settings
 * from the admins, the precision from resolved outcomes. Each part adds or removes points and
 * says so in a reason, so an operator reads why an item is critical, not just that it is.
 */

export const LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type Level = (typeof LEVELS)[number];

/** Points a category's severity starts from; the other parts move it. */
export const SEVERITY_POINTS: Record<Level, number> = { critical: 70, high: 50, medium: 30, low: 10 };
/** The lowest score of each level: 70 and up critical, 50 high, 30 medium, below that low. */
const LEVEL_FLOOR: Record<Level, number> = { critical: 70, high: 50, medium: 30, low: -Infinity };

export const DEFAULT_SEVERITIES: Readonly<Record<string, Level>> = {
  gunshot: 'critical',
  explosion: 'critical',
  scream: 'high',
  glass_break: 'high',
  help_call: 'high',
  dog_bark: 'low',
  // A passing siren is an emergency already under way: the city's everyday sound, not an alarm.
  siren: 'low',
};
/** A label nobody has set: neither ignored nor alarming. */
export const DEFAULT_SEVERITY: Level = 'medium';
export const DEFAULT_REVIEW_LEVEL: Level = 'high';

/** Precision is trusted from this many real-or-false outcomes of a label at a mic. */
export const MIN_OUTCOMES = 5;

export interface IncidentFacts {
  /** Labels heard, most frequent first; the first one names the incident. */
  labels: string[];
  /** Distinct mics that heard it. */
  micIds: string[];
  /** The largest level over a mic's threshold among its events (dB), when the edge says. */
  dbOver: number | null;
  /** The composite rule's own priority, when the edge gives one. */
  rulePriority: Level | null;
}

export interface PrecisionCell {
  real: number;
  falseAlarms: number;
}

export interface ScoreContext {
  severities: Readonly<Record<string, Level>>;
  /** Outcomes of (label, mic): key `${label}\u0000${mic}`. */
  precision: ReadonlyMap<string, PrecisionCell>;
  /** Mics in an area that is unusual right now (server/insights). */
  unusualMics: ReadonlySet<string>;
}

export type Reason =
  | { code: 'severity'; label: string; severity: Level; points: number }
  | { code: 'mics'; count: number; points: number }
  | { code: 'db_over'; db: number; points: number }
  | { code: 'unusual'; points: number }
  | { code: 'rule'; priority: Level; points: number }
  | { code: 'false_alarms'; label: string; mic_id: string; false_alarms: number; outcomes: number; points: number };

export interface Priority {
  level: Level;
  score: number;
  reasons: Reason[];
}

export const precisionKey = (label: string, micId: string) => `${label}\u0000${micId}`;

export function levelAtLeast(level: Level, floor: Level): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(floor);
}

export function levelOf(score: number): Level {
  return [...LEVELS].reverse().find((level) => score >= LEVEL_FLOOR[level]) ?? 'low';
}

export function severityOf(label: string, severities: Readonly<Record<string, Level>>): Level {
  return severities[label] ?? DEFAULT_SEVERITIES[label] ?? DEFAULT_SEVERITY;
}

/** The score of one incident and its reasons, largest part first after the category. */
export function scoreIncident(facts: IncidentFacts, context: ScoreContext): Priority {
  // The most severe label heard names the incident: a gunshot among car horns is a gunshot.
  const label =
    [...facts.labels].sort(
      (a, b) => LEVELS.indexOf(severityOf(b, context.severities)) - LEVELS.indexOf(severityOf(a, context.severities)),
    )[0] ?? 'unknown';
  const severity = severityOf(label, context.severities);
  const reasons: Reason[] = [{ code: 'severity', label, severity, points: SEVERITY_POINTS[severity] }];

  // Corroboration: one mic alone is as often a fault as a sound; three or more rarely are. Like
  // acoustic gunshot systems that alert only on what several sensors heard, one mic's word alone
  // never asks for a person (a critical category heard once stays a detection, medium at most).
  const mics = new Set(facts.micIds).size;
  const micPoints = mics >= 3 ? 10 : mics === 2 ? 5 : -30;
  reasons.push({ code: 'mics', count: mics, points: micPoints });

  if (facts.dbOver !== null && facts.dbOver > 0) {
    const db = Math.round(facts.dbOver);
    reasons.push({ code: 'db_over', db, points: db >= 20 ? 10 : db >= 10 ? 5 : 0 });
  }
  if (facts.micIds.some((mic) => context.unusualMics.has(mic))) reasons.push({ code: 'unusual', points: 10 });

  // Outcomes teach: when most of the mics that heard it were mostly wrong about this label, it counts less.
  const learned = [...new Set(facts.micIds)].flatMap((mic) => {
    const cell = context.precision.get(precisionKey(label, mic));
    if (cell === undefined) return [];
    const outcomes = cell.real + cell.falseAlarms;
    return outcomes >= MIN_OUTCOMES ? [{ mic, outcomes, falseAlarms: cell.falseAlarms }] : [];
  });
  const unreliable = learned.filter((m) => m.falseAlarms / m.outcomes >= 0.7);
  if (unreliable.length > 0 && unreliable.length * 2 >= mics) {
    const worst = unreliable.sort((a, b) => b.falseAlarms / b.outcomes - a.falseAlarms / a.outcomes)[0]!;
    reasons.push({
      code: 'false_alarms',
      label,
      mic_id: worst.mic,
      false_alarms: worst.falseAlarms,
      outcomes: worst.outcomes,
      points: -20,
    });
  }

  let score = reasons.reduce((sum, reason) => sum + reason.points, 0);
  // A rule written for a priority sets the least the incident gets: its author knew the place.
  if (facts.rulePriority !== null) {
    const floor = SEVERITY_POINTS[facts.rulePriority];
    const points = Math.max(0, floor - score);
    reasons.push({ code: 'rule', priority: facts.rulePriority, points });
    score += points;
  }
  return { level: levelOf(score), score, reasons };
}

const LEVEL_WORDS: Record<Level, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

/** The reasons in English words, for logs, exports and alerts: "Critical: gunshot · heard by 4 mics · 18 dB over threshold". */
export function describePriority(priority: Priority): string {
  const parts = priority.reasons.flatMap((reason): string[] => {
    switch (reason.code) {
      case 'severity':
        return [reason.label.replace(/_/g, ' ')];
      case 'mics':
        return [reason.count === 1 ? 'heard by one mic only' : `heard by ${reason.count} mics`];
      case 'db_over':
        return [`${reason.db} dB over threshold`];
      case 'unusual':
        return ['area unusual now'];
      case 'rule':
        return [`rule says ${reason.priority}`];
      case 'false_alarms':
        return [`${reason.false_alarms} of ${reason.outcomes} at ${reason.mic_id} were false alarms`];
    }
  });
  return `${LEVEL_WORDS[priority.level]}: ${parts.join(' · ')}`;
}
