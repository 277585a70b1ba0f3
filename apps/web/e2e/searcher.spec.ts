import type { LeadListResponse, SearcherResponse } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

test('the navbar search finds a customer by a document fragment and opens the application', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // A customer of the seeded data, read through the API the screen uses (same session cookies).
  const list = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=10`)).json()) as LeadListResponse;
  const lead = list.rows[3];
  const fragment = lead.customer.doc_number.slice(1, 7);

  // The navbar's search button (auto-waited for, unlike a shortcut pressed while the layout loads).
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('textbox', { name: 'Buscar clientes o pantallas' }).fill(fragment);
  await page.getByRole('button', { name: `Buscar clientes: “${fragment}”` }).click();
  await expect(page).toHaveURL(new RegExp(`/searcher\\?q=${fragment}`));

  const api = (await (await page.request.get(`/api/${COUNTRY}/searcher?q=${fragment}`)).json()) as SearcherResponse;
  const cards = page.getByTestId('searcher-customer');
  await expect(cards).toHaveCount(api.customers.length);
  const card = cards.filter({ hasText: lead.customer.doc_number });
  await expect(card).toContainText(`${lead.customer.first_name} ${lead.customer.last_name}`);
  // Each card marks why it matched: here the fragment, in the document (and in arg its CUIL, which holds it).
  const marks = card.locator('mark');
  await expect(marks.first()).toHaveText(fragment);
  for (const text of await marks.allTextContents()) expect(text).toContain(fragment);
  // The document, the CUIL in arg, and the phone or email if they hold it too.
  expect(await marks.count()).toBeGreaterThanOrEqual(COUNTRY === 'arg' ? 2 : 1);
  await card.getByRole('link', { name: `#${lead.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${lead.id}$`));
});

test('typing in the searcher updates the URL; a too short text says why', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/searcher');
  const input = page.getByRole('textbox', { name: 'Buscar clientes' });
  await input.fill('ab');
  await expect(page.getByText('Escribí al menos 3 letras o números para buscar')).toBeVisible();
  await input.fill('zzzzqqq');
  await expect(page).toHaveURL(/q=zzzzqqq/);
  await expect(page.getByText('No hay clientes que coincidan con la búsqueda.')).toBeVisible();
});
