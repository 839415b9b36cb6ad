/** Rewrites bench/RESULTS.md from bench/results.json without measuring anything. */
import fs from 'node:fs';
import { writeReport } from './report';

fs.writeFileSync(
  'bench/RESULTS.md',
  writeReport(JSON.parse(fs.readFileSync('bench/results.json', 'utf8')) as Record<string, unknown>),
);
