import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

/** Issue 39, section 2: a list says when its rows are stale, when the browser is offline, and how out of an empty result. */

const admin = `admin@${COUNTRY}.example`;
const NO_MATCH = 'Zzyxwq Inexistente';

test('a filtered list that matches nothing offers "Limpiar filtros", which brings the rows back', async ({ page }) => {
  await signInAndWait(page, admin);
  await page.goto(`/leads?q=${encodeURIComponent(NO_MATCH)}`);
  const grid = page.getByRole('grid', { name: 'Leads' });
  const empty = page.getByTestId('grid-no-rows');
  // A free-text search that matches nothing reads every candidate: slow on a busy machine.
  await expect(empty).toContainText('No hay leads que coincidan con los filtros', { timeout: 30_000 });
  await empty.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL(/\/leads$/);
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(empty).toHaveCount(0);
});

test('offline: a banner, the rows shown marked stale while a new filter waits, and fetched once back online', async ({ page, context }) => {
  await signInAndWait(page, admin);
  await page.goto('/leads');
  const grid = page.getByRole('grid', { name: 'Leads' });
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toHaveText('Sin conexión: se muestra la última carga; se actualizará al volver la conexión.');
  // The new filter's page cannot load: the old rows stay, marked as not the ones asked for.
  await page.getByRole('textbox', { name: 'Buscar' }).fill(NO_MATCH);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId('stale-rows')).toBeVisible();
  await expect(page.locator('.list-rows-stale')).toHaveCount(1);
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  // Back online the waiting page loads by itself: the filter's (empty) result, nothing stale.
  await expect(page.getByTestId('grid-no-rows')).toContainText('No hay leads que coincidan con los filtros', { timeout: 30_000 });
  await expect(page.getByTestId('stale-rows')).toHaveCount(0);
  await expect(page.locator('.list-rows-stale')).toHaveCount(0);
});
