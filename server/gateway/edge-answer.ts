import { STATUS_CODES } from 'node:http';
import { redactCredentials, redactText } from '../redact.js';

/** What the console sends a browser for one edge answer: always JSON, never credentials. */
export interface JsonAnswer {
  status: number;
  /** Serialized JSON, or null for a 204. */
  body: string | null;
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJsonType = (type: string) => type === '' || type === 'application/json' || type.endsWith('+json');

/**
 * Free text of an error answer as a `detail`: one line, without credentials (redactText), then
 * short: cut first, a URL could lose the `@` that marks its password as one.
 */
function textDetail(text: string): string {
  return redactText(text.trim().replace(/\s+/g, ' ')).slice(0, 300);
}

const detail = (status: number, text: string): JsonAnswer => ({ status, body: JSON.stringify({ detail: text }) });

export interface AnswerContext {
  /** `GET /api/v1/mics`, named in the detail of a malformed answer as the browser client does. */
  endpoint: string;
  composite: boolean;
}

/**
 * Turns any edge answer, of any status and content type, into the JSON the browser gets:
 * - JSON (or text that parses as JSON) keeps its status, with credentials redacted;
 * - markup and other non-text types become a 502: served from the console's origin, an edge's
 *   HTML would run as the console's own page;
 * - a 2xx body that is not JSON becomes a 502 (it cannot be redacted, so it is not forwarded);
 * - an error status keeps its status, with a short `detail` (free text is kept for the UI to
 *   show, scrubbed; malformed JSON is not, as it cannot be redacted).
 */
export function jsonAnswer(
  status: number,
  contentType: string | null,
  bytes: Buffer,
  context: AnswerContext,
): JsonAnswer {
  if (status === 204) return { status, body: null };
  const type = mediaTypeOf(contentType);
  const text = type === 'text/plain' || isJsonType(type);
  if (!text) return detail(502, `Edge server answered ${type}, not JSON`);
  if (bytes.length === 0) {
    if (status < 300) return malformed(context);
    return detail(status, STATUS_CODES[status] ?? `Edge server answered ${status}`);
  }
  const body = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    if (status < 300)
      return type === 'text/plain' ? detail(502, 'Edge server answered text/plain, not JSON') : malformed(context);
    if (type === 'text/plain') return detail(status, textDetail(body));
    return detail(status, `Edge server answered ${status} with malformed JSON`);
  }
  return { status, body: JSON.stringify(redactCredentials(parsed)) };
}

function malformed(context: AnswerContext): JsonAnswer {
  // The composite wording predates the others; the UI and its tests quote it.
  if (context.composite) return detail(502, 'Edge server sent malformed JSON for a composite event');
  return detail(502, `Edge server sent a response that is not valid JSON (${context.endpoint})`);
}
