import type { Detection } from './intake.js';

/** The fields of the hub's events the alerts read (server/hub hands over whole parsed events). */
export interface HubEvent {
  id: string;
  label: { id: string; name: { en: string; ko: string } };
  confidence: number;
  mic: { id: string; name: string; location: { latitude: number; longitude: number } };
  created_at: string;
}

export interface HubComposite {
  id: string;
  started_at: string;
  mics: { id: string; edge_id: string }[];
  events: object[];
  labels: { id: string }[];
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Only ids, names, places and times are copied out of what the edge sent: a mic's host (which
 * may carry its device's password) and anything else never reaches an alert.
 */
export function detectionOfEvent(event: HubEvent, edgeOf: (micId: string) => string | null): Detection {
  const { mic } = event;
  return {
    id: event.id,
    itemId: event.id,
    itemKind: 'event',
    label: event.label.id,
    labelWords: { en: event.label.name.en, ko: event.label.name.ko },
    confidence: event.confidence,
    mics: [
      {
        id: mic.id,
        name: mic.name,
        latitude: mic.location.latitude,
        longitude: mic.location.longitude,
        edgeId: edgeOf(mic.id),
      },
    ],
    at: event.created_at,
  };
}

/** A composite that grows comes again: its id and size make a new detection that updates the same alert. */
export function detectionOfComposite(composite: HubComposite): Detection | null {
  const label = composite.labels[0] as { id: string; name?: { en?: unknown; ko?: unknown } } | undefined;
  if (label === undefined) return null;
  const mics: Detection['mics'] = [];
  for (const raw of composite.mics as Record<string, unknown>[]) {
    const location = raw.location as { latitude?: unknown; longitude?: unknown } | undefined;
    const latitude = num(location?.latitude);
    const longitude = num(location?.longitude);
    if (latitude === null || longitude === null) continue;
    mics.push({
      id: String(raw.id),
      name: text(raw.name, String(raw.id)),
      latitude,
      longitude,
      edgeId: String(raw.edge_id),
    });
  }
  const confidences = (composite.events as { confidence?: unknown }[]).map((e) => num(e.confidence) ?? 0);
  return {
    id: `${composite.id}:${composite.events.length}`,
    itemId: composite.id,
    itemKind: 'composite',
    label: label.id,
    labelWords: { en: text(label.name?.en, label.id), ko: text(label.name?.ko, text(label.name?.en, label.id)) },
    confidence: confidences.length === 0 ? 1 : Math.max(...confidences),
    mics,
    at: composite.started_at,
  };
}
