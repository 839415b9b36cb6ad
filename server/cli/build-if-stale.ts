/**
 * `npm start`'s first step: builds the console only when its sources differ from those of the last
 * build, so a restart with nothing changed serves in a second or two instead of rebuilding.
 * The sources are compared by content, not by date: a `git checkout` or a copy that touches every
 * file does not force a build, and an edit that keeps the old date still does.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const INPUT_DIRS = ['src', 'server', 'public'];
const INPUT_FILES = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.app.json',
  'server/tsconfig.json',
];
/** What a finished build leaves; the stamp is written last, so a broken build is never taken as done. */
const OUTPUTS = ['dist/index.html', 'dist-server/server/index.js'];
const STAMP = 'dist-server/.sources-hash';

function filesUnder(dir: string): string[] {
  const entries = fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

function sourcesHash(): string {
  const files = [
    ...INPUT_DIRS.flatMap(filesUnder),
    ...INPUT_FILES.filter((file) => fs.existsSync(path.join(ROOT, file))),
  ];
  const hash = crypto.createHash('sha256');
  for (const file of files.sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readStamp(): string | null {
  try {
    return fs.readFileSync(path.join(ROOT, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

const current = sourcesHash();
const built = OUTPUTS.every((file) => fs.existsSync(path.join(ROOT, file)));
if (built && readStamp() === current) {
  console.log('The build is up to date with the sources; `npm run build` rebuilds it anyway.');
} else {
  console.log(built ? 'The sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(path.join(ROOT, STAMP), `${current}\n`);
}
