import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Mic } from '../edge/schemas.js';
import type { HubHealth } from './health.js';
import type { Inventory } from './inventory.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface InventoryBody {
  etag: string;
  json: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * A mic as the inventory serves it: what the map, the wall, the pickers and the place words read.
 * The device's host, thresholds (a pair of numbers per category) and timestamps stay out: they
 * were two thirds of a city's 2.6 MB answer, and a screen showing them reads the mic itself
 * (GET /api/v1/mics/{id}). Only these fields are copied, so nothing else an edge adds to a mic
 * (a credential among them) is sent.
 */
export interface InventoryMic {
  id: string;
  name: string;
  edge_id: string;
  status: string;
  location: { latitude: number; longitude: number };
}

export function inventoryMic(mic: Mic): InventoryMic {
  const { latitude, longitude } = mic.location;
  return { id: mic.id, name: mic.name, edge_id: mic.edge_id, status: mic.status, location: { latitude, longitude } };
}

/** What GET /api/inventory/mics answers (the client's `inventorySchema` reads it). */
export interface InventoryResponse {
  version: string;
  edge_id: string | null;
  /** False when the walk stopped at HUB_MAX_MIC_PAGES: the UI says it shows only the first mics. */
  complete: boolean;
  /** Mics the hub holds (all edges). */
  count: number;
  /** `total_cnt` the edge reported; may be anything, the UI only quotes it. */
  reported_total: number | null;
  max_pages: number;
  page_size: number;
  /** The last walk failed: the mics are from `since`, for `error`. */
  stale: { since: string | null; error: string } | null;
  /** Every category some mic here has a threshold for, sorted: the label pickers list them. */
  categories: string[];
  mics: InventoryMic[];
}

const short = (text: string) => crypto.createHash('sha1').update(text).digest('base64url').slice(0, 12);

/**
 * Serialises the inventory once per version, edge filter and staleness, and compresses it once
 * per encoding asked for: every screen fetching the same version gets the same bytes (or a 304).
 */
export class InventoryBodies {
  private readonly cache = new Map<string, InventoryBody>();

  constructor(
    private readonly limits: { maxPages: number; pageSize: number },
    private readonly capacity = 8,
  ) {}

  body(inventory: Inventory, edgeId: string | null, health: HubHealth): InventoryBody {
    const state = inventory.state();
    const feed = health.feeds.mics;
    const stale = feed.status === 'failing' ? { since: feed.lastOkAt, error: feed.error ?? 'unknown error' } : null;
    const etag = `"inv-${state.version}-${short(`${edgeId ?? '*'}|${stale?.error ?? ''}`)}"`;
    const cached = this.cache.get(etag);
    if (cached !== undefined) return cached;
    const mics = edgeId === null ? inventory.mics() : inventory.mics().filter((mic) => mic.edge_id === edgeId);
    const response: InventoryResponse = {
      version: state.version,
      edge_id: edgeId,
      complete: state.complete,
      count: state.count,
      reported_total: state.reportedTotal,
      max_pages: this.limits.maxPages,
      page_size: this.limits.pageSize,
      stale,
      categories: categoriesOf(mics),
      mics: mics.map(inventoryMic),
    };
    const body: InventoryBody = { etag, json: Buffer.from(JSON.stringify(response)), encoded: {} };
    this.cache.set(etag, body);
    while (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value as string);
    return body;
  }

  encode(body: InventoryBody, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(body.json);
    body.encoded[encoding] ??=
      encoding === 'br'
        ? brotli(body.json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.json.length,
            },
          })
        : gzip(body.json, { level: 6 });
    return body.encoded[encoding]!;
  }
}

function categoriesOf(mics: readonly Mic[]): string[] {
  const categories = new Set<string>();
  for (const mic of mics) for (const category in mic.thresholds) categories.add(category);
  return [...categories].sort();
}

/** The best encoding an Accept-Encoding header admits: brotli, then gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding {
  if (encodingWeight(header, 'br') > 0) return 'br';
  if (encodingWeight(header, 'gzip') > 0) return 'gzip';
  return 'identity';
}

/** The weight an Accept-Encoding header gives an encoding: 0 when refused (`q=0`) or not named. */
export function encodingWeight(header: string | undefined, encoding: string): number {
  if (header === undefined) return 0;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return weights.get(encoding) ?? weights.get('*') ?? 0;
}
