import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, createApplication, signIn } from './support';

/*
 * Daily managements: a seller records a management on a sale and finds it on /daily-managements (their own);
 * a supervisor sees the team's day in charts and narrows it to one user.
 */

/** Signed in and past the login screen; a busy machine has taken over 10 s to load the landing screen's code. */
async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 45_000 });
}

const gridRows = (page: Page) => page.getByRole('main').locator('.MuiDataGrid-row');

test('a seller records a management on a sale and finds it, with its channel and note, on /daily-managements', async ({ page }) => {
  await signInAndWait(page, `seller@${COUNTRY}.example`);
  const { id, doc } = await createApplication(page);
  await page.goto(`/sale-detail?id=${id}`);
  await expect(page.getByRole('combobox', { name: 'Estado de gestión' })).toBeVisible({ timeout: 45_000 });

  await page.getByRole('combobox', { name: 'Estado de gestión' }).click();
  await page.getByRole('option', { name: 'Contestador', exact: true }).click();
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'WhatsApp', exact: true }).click();
  await page.getByLabel('Nota de la gestión (opcional)').fill('Le dejé el link por WhatsApp');
  await page.getByRole('button', { name: 'Guardar gestión' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Gestión registrada')).toBeVisible();
  // Once in the sale's timeline, telling the whole management.
  await expect(page.getByText('Contestador · WhatsApp')).toHaveCount(1);

  // The navigation offers the screen to a seller.
  await page.getByRole('link', { name: 'Gestiones diarias' }).first().click();
  await expect(page).toHaveURL(/\/daily-managements$/);
  await expect(page.getByRole('heading', { name: 'Gestiones diarias' })).toBeVisible();
  // A seller sees no team summary, only their own list.
  await expect(page.getByTestId('managements-summary')).toHaveCount(0);
  await page.getByPlaceholder('Documento, nombre, celular o email').fill(doc);
  await expect(page).toHaveURL(new RegExp(`q=${doc}`));
  await expect(gridRows(page)).toHaveCount(1);
  const row = gridRows(page).first();
  await expect(row).toContainText('WhatsApp');
  await expect(row).toContainText('Contestador');
  await expect(row).toContainText('Le dejé el link por WhatsApp');
  await expect(row).toContainText(`Solicitud #${id}`);
  await expect(row).toContainText('Vendedor');

  // Its detail: the application, the customer, and nothing after it yet.
  await row.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(page).toHaveURL(/\/daily-management\?id=\d+$/);
  await expect(page.getByRole('region', { name: 'Cliente' })).toContainText(doc);
  await expect(page.getByRole('region', { name: 'Solicitud' })).toContainText('Contestador');
  await expect(page.getByRole('region', { name: 'Lo que pasó después' })).toContainText('Nada todavía');
});

test.describe.configure({ timeout: 120_000 });

test('a supervisor sees the team’s day in charts and filters the list by user', async ({ page, browser }) => {
  // A management of today by the demo seller, so the day has them whatever the seed drew.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInAndWait(seller, `seller@${COUNTRY}.example`);
  const { id } = await createApplication(seller);
  const xsrf = (await sellerContext.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const lead = (await (await seller.request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as { version: number };
  const saved = await seller.request.patch(`/api/${COUNTRY}/leads/${id}/management-status`, {
    data: { management_status: 'No responde', version: lead.version, channel: 'sms' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const sellerName = ((await (await seller.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { name: string }).name;
  await sellerContext.close();

  await signInAndWait(page, `supervisor@${COUNTRY}.example`);
  await page.goto('/daily-managements');
  const summary = page.getByTestId('managements-summary');
  // A full page load on a busy machine: the app verifies the session and loads the screen's code first.
  await expect(summary).toBeVisible({ timeout: 45_000 });
  // A count of zero is drawn as a bar of no height (or no width, laid horizontally): not visible.
  const bar = '.MuiBarChart-element:not([height="0"]):not([width="0"])';
  await expect(summary.getByTestId('summary-by-hour').locator(bar).first()).toBeVisible();
  await expect(summary.getByTestId('summary-by-result').locator(bar).first()).toBeVisible();
  await expect(summary.getByRole('table', { name: 'Gestiones por usuario' }).getByRole('rowheader', { name: sellerName })).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Usuario' }).click();
  await page.getByRole('option', { name: sellerName, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]user=\d+/);
  await expect(page.getByRole('combobox', { name: 'Usuario' })).toHaveText(sellerName);
  // Every row and the charts are the seller's alone.
  await expect(summary.getByRole('table', { name: 'Gestiones por usuario' }).getByRole('rowheader')).toHaveCount(1);
  await expect(gridRows(page).first()).toBeVisible();
  const users = await gridRows(page).locator('[data-field="user"]').allInnerTexts();
  expect(users.length).toBeGreaterThan(0);
  expect(new Set(users.map((u) => u.trim()))).toEqual(new Set([sellerName]));
});
