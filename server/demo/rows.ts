import type { EngineRule } from './rule-engine.js';

/** The database's rows, and how each becomes what the edge interface answers. */

export interface MicRow {
  id: string;
  name: string;
  host: string;
  edge_id: string;
  status: string;
  latitude: number;
  longitude: number;
  thresholds: string;
  subnet_mask: string;
  mac_address: string;
  microphone_type: string;
  channel: string;
  console: string;
  streaming: number;
  recording: number;
  connected: number;
  edge_status: string;
  created_at: string;
  updated_at: string;
  reported_at: string;
}

export interface EventRow {
  seq: number;
  id: string;
  label_id: string;
  mic_id: string;
  confidence: number;
  confidence_threshold: number;
  sound_level: number;
  sound_level_threshold: number;
  description: string;
  file_path: string;
  is_read: number;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LabelRow {
  id: string;
  name_ko: string;
  name_en: string;
  active: number;
}

export interface RuleRow {
  id: string;
  name: string;
  description: string;
  window_seconds: number;
  min_events: number;
  enabled: number;
  group_by: string;
  include_label_ids: string;
  include_mic_ids: string;
}

export interface CompositeRow {
  seq: number;
  id: string;
  rule_id: string;
  group_key: string;
  started_at: string;
  created_at: string;
}

/** One page of a list: how many match in all, and the rows of this page. */
export interface Slice<T> {
  total: number;
  results: T[];
}

export function micDevice(row: MicRow) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    edge_id: row.edge_id,
    status: row.status,
    thresholds: JSON.parse(row.thresholds) as Record<string, { sound_level_ge: number; confidence: number }>,
    location: { latitude: row.latitude, longitude: row.longitude },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type MicDevice = ReturnType<typeof micDevice>;

export function extendedMic(row: MicRow) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    subnet_mask: row.subnet_mask,
    mac_address: row.mac_address,
    microphone_type: row.microphone_type,
    channel: JSON.parse(row.channel) as unknown,
    console: JSON.parse(row.console) as unknown,
    location: { latitude: row.latitude, longitude: row.longitude },
    streaming: row.streaming === 1,
    recording: row.recording === 1,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: null,
    reported_at: row.reported_at,
    connected: row.connected === 1,
    edge_id: row.edge_id,
  };
}

export function label(row: LabelRow | undefined, id: string) {
  return row === undefined
    ? { id, name: { ko: id, en: id }, active: false }
    : { id: row.id, name: { ko: row.name_ko, en: row.name_en }, active: row.active === 1 };
}

export function engineRule(row: RuleRow): EngineRule {
  return {
    id: row.id,
    window_seconds: row.window_seconds,
    min_events: row.min_events,
    enabled: row.enabled === 1,
    group_by: row.group_by,
    include_label_ids: JSON.parse(row.include_label_ids) as string[],
    include_mic_ids: JSON.parse(row.include_mic_ids) as string[],
  };
}
