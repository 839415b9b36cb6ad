import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How the built index.html names public/boot.js. */
const TAG = '<script src="/boot.js"></script>';

export interface BootScript {
  /** The page with the script written into it. */
  inline(html: string): string;
  /** For the Content-Security-Policy's script-src: this script, and no other inline one, may run. */
  hash: string;
}

/**
 * public/boot.js written into every page rather than fetched: it blocks the first paint, so its
 * own request put a round trip (150 ms on a phone's link, a revalidation on every later visit)
 * before the first frame and before every script and data request it starts. Allowed by its
 * hash, so the policy still refuses any other inline script. Null when the build has no such
 * tag or file (the page then fetches it as before).
 */
export function bootScript(staticDir: string): BootScript | null {
  const file = path.join(staticDir, 'boot.js');
  if (!fs.existsSync(file)) return null;
  // Its comments explain the source; the page need not carry them (whole lines only: the file is plain ES5).
  const source = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  // Text that would end the element early (or open a comment in it) keeps the script in its file.
  if (/<\/script|<!--/i.test(source)) return null;
  const hash = `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;
  return {
    inline: (html) => (html.includes(TAG) ? html.replace(TAG, () => `<script>${source}</script>`) : html),
    hash,
  };
}
