import fs from 'node:fs';
import path from 'node:path';

const FILE = 'common-passwords.txt';

/**
 * The most common passwords of at least 8 characters among the 20,000 most frequent in leaked
 * password lists (the frequency list zxcvbn-ts ships, MIT), lower-cased, one a line, most common
 * first: 7,348 of them. Read once, on first use.
 */
let common: Set<string> | null = null;

function load(): Set<string> {
  const here = import.meta.dirname;
  // Beside this module when run from source; from the build (dist-server/server/auth), in the source tree.
  const file = [path.join(here, FILE), path.resolve(here, '../../../server/auth', FILE)].find((candidate) =>
    fs.existsSync(candidate),
  );
  if (file === undefined) throw new Error(`${FILE} is missing: it ships with the server's source`);
  return new Set(fs.readFileSync(file, 'utf8').split('\n').filter(Boolean));
}

/** Whether the password is on the list, whatever its case (`Password1` is `password1`). */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}
