import { addDays, isClosedStatus, todayIn, type LeadListResponse } from '@backoffice/shared';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { COUNTRY, signIn, snapshotOtherTabsOnFailure } from './support';

snapshotOtherTabsOnFailure();

/*
 * A detail's breadcrumb goes back to its list as the user left it in this tab (filters, order and page in
 * the URL), not to the bare list; the detail opened from a copied link (another tab) goes to the bare list.
 * The browser's back keeps walking the history as before.
 */

// Each test walks a list, a detail and back: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
/** A full page load (the app’s own code, its session check) was seen to take over 15 s on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** signInAndWait, with this file's patience. */
async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
}

const crumb = (page: Page, name: string) => page.locator('.MuiBreadcrumbs-root').getByRole('link', { name, exact: true });
const relative = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

test('the lead detail’s “Leads” goes back to the list filtered, sorted and paged as left; back still goes back', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAs(page, `admin@${COUNTRY}.example`);
  const since = addDays(todayIn(COUNTRY), -5 * 365);
  await page.goto(`/leads?from=${since}`);
  const grid = page.getByRole('grid', { name: 'Leads' });
  await expect(page.getByTestId('leads-count')).not.toHaveText('Cargando…');
  /** Clicks, and waits for the list's page it asks for to be shown. */
  const shown = async (click: () => Promise<void>) => {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/${COUNTRY}/leads` && response.ok());
    await click();
    const { rows } = (await (await answer).json()) as LeadListResponse;
    await expect(grid.locator('.MuiDataGrid-row').first().locator('[data-field="id"]')).toHaveText(`#${rows[0].id}`);
    return rows[0].id;
  };
  await shown(() => grid.getByRole('columnheader', { name: 'Monto' }).click());
  await expect(page).toHaveURL(/[?&]sort=requested_amount/);
  const id = await shown(() => page.getByRole('button', { name: 'Ir a la página siguiente' }).click());
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const list = relative(page.url());
  expect(list).toContain(`from=${since}`);
  const link = grid.locator('.MuiDataGrid-row').first().locator('[data-field="id"]').getByRole('link');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${id}$`));

  await expect(crumb(page, 'Leads')).toHaveAttribute('href', list);
  await crumb(page, 'Leads').click();
  await expect.poll(() => relative(page.url())).toBe(list);
  await expect(page.getByText(/^26–50 de /)).toBeVisible();
  const [y, m, d] = since.split('-');
  await expect(page.getByRole('group', { name: 'Desde' }).locator('input')).toHaveValue(`${d}/${m}/${y}`);
  await expect(grid.locator('.MuiDataGrid-row').first().locator('[data-field="id"]').getByRole('link')).toHaveText(`#${id}`);

  // The browser's back: the detail, then the list again.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${id}$`));
  await page.goBack();
  await expect.poll(() => relative(page.url())).toBe(list);

  // The detail from a copied link, in another tab: the bare list.
  const other = await page.context().newPage();
  await other.goto(`/lead-detail?id=${id}`);
  await expect(crumb(other, 'Leads')).toHaveAttribute('href', '/leads');
  await crumb(other, 'Leads').click();
  await expect(other).toHaveURL(/\/leads$/);
  await other.close();
});

test('the sale detail’s “Ventas” goes back to the seller’s list as searched and sorted', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAs(page, `seller@${COUNTRY}.example`);
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const sale = own.rows.find((row) => !isClosedStatus(COUNTRY, row.status_id))!;
  await page.goto(`/sales?q=${sale.customer.doc_number}`);
  const grid = page.getByRole('grid', { name: 'Ventas' });
  await grid.getByRole('columnheader', { name: 'Monto' }).click();
  await expect(page).toHaveURL(/[?&]sort=requested_amount/);
  const list = relative(page.url());
  await grid.getByRole('link', { name: `#${sale.id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/sale-detail\\?id=${sale.id}$`));

  await crumb(page, 'Ventas').click();
  await expect.poll(() => relative(page.url())).toBe(list);
  await expect(grid.getByRole('link', { name: `#${sale.id}`, exact: true })).toBeVisible();
});

test('the audit detail’s “Auditorías” goes back to the queue as filtered', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAs(page, COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example');
  await page.goto('/audits?claim=unclaimed&pageSize=10');
  const grid = page.getByRole('grid', { name: 'Cola de auditoría' });
  const link = grid.locator('.MuiDataGrid-row').first().getByRole('link').first();
  const id = (await link.textContent())!.replace('#', '');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/audit-detail\\?id=${id}$`));
  await crumb(page, 'Auditorías').click();
  await expect.poll(() => relative(page.url())).toBe('/audits?claim=unclaimed&pageSize=10');
});
