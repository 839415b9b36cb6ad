import fs from 'node:fs';
import { AuditPage } from './support/audit-page';
import { MicsPage } from './support/mics-page';
import { expect, test } from './support/test';

// A mic no other spec edits; the name is new on every run.
const MIC = 'mic-0042';

test.describe('audit trail', () => {
  test('an admin’s mic edit appears in the mic’s History and in Admin → Audit with old → new', async ({
    page,
    consoleErrors,
  }) => {
    const mics = new MicsPage(page);
    await mics.goto(`/mics/${MIC}`);
    const oldName = await mics.field('Name').inputValue();
    expect(oldName).not.toBe('');
    const newName = `Audited ${Date.now().toString(36)}`;
    await mics.field('Name').fill(newName);
    await mics.save.click();
    await expect(mics.saveResult).toContainText(newName);

    // The drawer's History re-reads the trail after the save: newest first, by the demo admin.
    const latest = mics.history.first();
    await expect(latest).toContainText(`Name: ${oldName} → ${newName}`);
    await expect(latest).toContainText('Mic edited');
    await expect(latest).toContainText('by demo');

    const audit = new AuditPage(page);
    await audit.goto();
    await audit.person.fill('demo');
    await audit.action.click();
    await audit.option('Mic edited').click();
    await expect(page).toHaveURL(/person=demo/);
    await expect(page).toHaveURL(/action=mic.update/);
    const row = audit.rows.filter({ hasText: newName }).first();
    await expect(row).toContainText(`Name: ${oldName} → ${newName}`);
    await expect(row).toContainText(MIC);
    await expect(row).toContainText('demo');

    // The export holds the same entry, filtered the same way.
    const download = page.waitForEvent('download');
    await audit.exportButton.click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(`name: ${oldName} → ${newName}`);
    expect(csv).not.toContain('auth.login');
    expect(consoleErrors).toEqual([]);
  });
});
