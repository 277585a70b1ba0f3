import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

const admin = `admin@${COUNTRY}.example`;

async function openLeads(page: Page, search = '') {
  await signInAndWait(page, admin);
  await page.goto(`/leads${search}`);
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page.getByTestId('leads-count')).not.toHaveText('Cargando…');
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Leads' }).locator('.MuiDataGrid-row');

test('filters change the rows and the URL; a copied URL restores the view', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openLeads(page);
  const before = await page.getByTestId('leads-count').textContent();

  await page.getByRole('combobox', { name: 'Gestión' }).click();
  await page.getByRole('option', { name: 'Contestador' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/management=Contestador/);
  await expect(page.getByTestId('leads-count')).not.toHaveText(before!);
  const managementCells = page.getByRole('grid', { name: 'Leads' }).locator('[data-field="management_status"].MuiDataGrid-cell');
  await expect(managementCells.first()).toHaveText('Contestador');
  for (const text of await managementCells.allTextContents()) expect(text).toBe('Contestador');

  const url = page.url();
  const filteredCount = await page.getByTestId('leads-count').textContent();
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('leads-count')).toHaveText(filteredCount!);
  await expect(fresh.getByRole('combobox', { name: 'Gestión' })).toContainText('Contestador');

  await page.goBack();
  await expect(page).not.toHaveURL(/management=/);
});

test('the detail shows the timeline and a note added appears at once', async ({ page }) => {
  await openLeads(page);
  const first = rows(page).first();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+/);
  await expect(page.getByRole('list', { name: 'Historial' })).toBeVisible();
  // A birth date is a calendar day: west of UTC it must not show as the day before.
  const id = new URL(page.url()).searchParams.get('id');
  const lead = (await (await page.request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as { customer: { birth_date: string } };
  const [year, month, day] = lead.customer.birth_date.split('-');
  await expect(page.getByText('Nacimiento').locator('xpath=following-sibling::*[1]')).toHaveText(`${day}/${month}/${year}`);
  const itemsBefore = await page.getByTestId('timeline-item').count();
  expect(itemsBefore).toBeGreaterThan(0);

  const note = `Nota e2e ${Date.now()}`;
  await page.getByLabel('Nueva nota').fill(note);
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByTestId('timeline-item').first()).toContainText(note);
  await expect(page.getByTestId('timeline-item')).toHaveCount(itemsBefore + 1);
});

test('the detail offers the role’s status changes; a stale change shows the server’s message', async ({ page, context }) => {
  // A lead at the first seller step of the built country, and the next step.
  const [from, fromName, toName, toLabel, ending] =
    COUNTRY === 'arg'
      ? [26, 'PHONE_VALIDATION', 'PENDING_CUSTOMER_APPROVAL', 'Paso 3 · PENDING_CUSTOMER_APPROVAL', 'CANCELLED']
      : [10, 'PENDING_CUSTOMER_APPROVAL', 'VALIDATION_PENDING', 'Paso 7 · VALIDATION_PENDING', 'DESIST'];
  await openLeads(page, `?status=${from}`);
  await rows(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+/);
  // A second tab holds the same version of the lead.
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('button', { name: toLabel })).toBeVisible();

  await page.getByRole('button', { name: toLabel }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`Lead pasado a ${toLabel}`)).toBeVisible();
  await expect(page.getByTestId('timeline-item').first()).toContainText(`${fromName} → ${toName}`);
  await expect(page.getByRole('button', { name: toLabel })).toHaveCount(0);

  // The stale tab: the ending asks for a reason first, then the server refuses the old version.
  await other.getByRole('button', { name: ending, exact: true }).click();
  const dialog = other.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  await dialog.getByLabel('Motivo').fill('El cliente ya no quiere el préstamo');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(other.getByText('El lead fue modificado por otro usuario. Recargá para ver los cambios.')).toBeVisible();
  // It reloads the lead: the step it was moved to.
  await expect(other.getByRole('button', { name: toLabel })).toHaveCount(0);
  await expect(other.getByTestId('timeline-item').first()).toContainText(`${fromName} → ${toName}`);
});

test('an export downloads a file with the filtered rows', async ({ page }) => {
  await openLeads(page, '?management=No%20responde');
  const countText = (await page.getByTestId('leads-count').textContent())!;
  const expected = Number(countText.replace(/\D/g, ''));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const file = await download;
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines.length - 1).toBe(expected);
  for (const line of lines.slice(1)) expect(line).toContain('No responde');
});

test('a role without access to leads is sent to /unauthorized', async ({ page }) => {
  await signInAndWait(page, `collector@${COUNTRY}.example`);
  await page.goto('/leads');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'No autorizado' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
