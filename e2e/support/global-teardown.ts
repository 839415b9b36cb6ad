import fs from 'node:fs';

/** Removes the run's demo databases (some 60 MB), which `playwright.config.ts` put in a temp folder. */
export default function globalTeardown(): void {
  const dataDir = process.env.ESC_E2E_DATA_DIR;
  if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
}
