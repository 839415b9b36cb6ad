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
    // The target by its name (the id on hover), linking to the mic.
    await expect(row.getByRole('link', { name: newName })).toHaveAttribute('href', `/mics/${MIC}`);
    await expect(row).toContainText('demo');

    // The export holds the same entry, filtered the same way.
    const download = page.waitForEvent('download');
    await audit.exportButton.click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(`name: ${oldName} → ${newName}`);
    expect(csv).not.toContain('auth.login');
    expect(consoleErrors).toEqual([]);
  });

  test('says what was done in words and names what it was done to, in English and Korean', async ({
    page,
    consoleErrors,
  }) => {
    const name = `Audited wall ${Date.now().toString(36)}`;
    const audit = new AuditPage(page);
    await audit.goto();
    const created = await page.request.post('/api/admin/walls', { data: { name, query: 'chime=1' } });
    expect(created.status()).toBe(201);
    const { link } = (await created.json()) as { link: { id: string } };
    expect((await page.request.post(`/api/admin/walls/${link.id}/revoke`, { data: {} })).status()).toBe(200);

    await page.reload();
    const rows = audit.rows.filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Wall link revoked');
    await expect(rows.nth(0)).toContainText(`Wall link ${name}`);
    await expect(rows.nth(1)).toContainText('Wall link created');
    await expect(audit.table).not.toContainText('wall.revoke');
    await expect(audit.table).not.toContainText(link.id.slice(0, 8));

    await page.getByRole('button', { name: 'Switch the language to Korean' }).click();
    const koRows = page.getByRole('table', { name: '감사 기록 항목' }).locator('tbody tr').filter({ hasText: name });
    await expect(koRows.nth(0)).toContainText('상황판 링크 폐기');
    await expect(koRows.nth(0)).toContainText(`상황판 링크 ${name}`);
    await page.getByRole('button', { name: '언어를 영어로 바꾸기' }).click();
    expect(consoleErrors).toEqual([]);
  });
});
