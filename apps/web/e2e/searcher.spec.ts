import { buildCuil, SEARCHER_APPLICATIONS, STATUSES, type LeadListResponse, type SearcherResponse } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait, say } from './support';

test('the navbar search finds a customer by a document fragment and opens the application', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // A customer of the seeded data, read through the API the screen uses (same session cookies).
  const list = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=10`)).json()) as LeadListResponse;
  const lead = list.rows[3];
  const fragment = lead.customer.doc_number.slice(1, 7);

  // The navbar's search button (auto-waited for, unlike a shortcut pressed while the layout loads).
  await page.getByRole('button', { name: 'Buscar (Ctrl+K)', exact: true }).click();
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

test('the navbar search opens empty each time, whatever was typed in it before', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const input = page.getByRole('textbox', { name: 'Buscar clientes o pantallas' });
  await page.getByRole('button', { name: 'Buscar (Ctrl+K)', exact: true }).click();
  await input.fill('leads');
  // Closed with Escape, reopened with Ctrl+K: what is typed now is the whole search.
  await page.keyboard.press('Escape');
  await expect(input).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(input).toHaveValue('');
  await page.keyboard.type('3518628048');
  await expect(input).toHaveValue('3518628048');
  // Closed by choosing a result, reopened: empty again.
  await page.getByRole('button', { name: 'Buscar clientes: “3518628048”' }).click();
  await expect(page).toHaveURL(/\/searcher\?q=3518628048$/);
  await page.getByRole('button', { name: 'Buscar (Ctrl+K)', exact: true }).click();
  await expect(input).toHaveValue('');
});

test('on a 1280 px screen an application’s status is shown whole, however long its name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // A customer whose application has one of the longest status names (PENDING_CUSTOMER_APPROVAL…).
  const longest = [...STATUSES[COUNTRY]].sort((a, b) => b.name.length - a.name.length).slice(0, 8);
  const list = (await (
    await page.request.get(`/api/${COUNTRY}/leads?status=${longest.map((status) => status.id).join(',')}&pageSize=10`)
  ).json()) as LeadListResponse;
  const lead = list.rows[0];
  await page.goto(`/searcher?q=${lead.customer.doc_number}`);
  const card = page.getByTestId('searcher-customer').filter({ hasText: lead.customer.doc_number });
  const labels = card.locator('.MuiChip-label');
  await expect(labels.first()).toBeVisible();
  const cut = await labels.evaluateAll((elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
});

test('typing in the searcher updates the URL; a too short text says why', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/searcher');
  const input = page.getByRole('textbox', { name: 'Buscar clientes' });
  await input.fill('ab');
  await expect(page.getByText(say('Escribe al menos 3 letras o números para buscar'))).toBeVisible();
  await input.fill('zzzzqqq');
  await expect(page).toHaveURL(/q=zzzzqqq/);
  await expect(page.getByText('No hay clientes que coincidan con la búsqueda.')).toBeVisible();
});

test('a customer with more applications than the card shows links to all of them on /leads', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  // One new customer, one application more than a card shows (the same document reuses the customer).
  const doc = String(40_000_000 + (Date.now() % 9_000_000));
  const body =
    COUNTRY === 'arg'
      ? { doc_number: doc, cuil: buildCuil(doc, 'male'), cellphone: '1155667788', requested_amount: 50_000 }
      : { doc_number: doc, cellphone: '3005556677', requested_amount: 2_000_000 };
  for (let i = 0; i <= SEARCHER_APPLICATIONS; i++) {
    const created = await page.request.post(`/api/${COUNTRY}/leads`, {
      headers: { 'X-XSRF-TOKEN': xsrf },
      data: {
        ...body,
        first_name: 'Ramiro',
        last_name: 'Muchas Solicitudes',
        birth_date: '1985-03-02',
        email: `ramiro.${doc}@example.com`,
        term: 12,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto(`/searcher?q=${doc}`);
  const card = page.getByTestId('searcher-customer').filter({ hasText: doc });
  await expect(card.getByRole('row')).toHaveCount(SEARCHER_APPLICATIONS + 1);
  await card.getByRole('link', { name: 'Hay solicitudes más antiguas: ver todas en Leads' }).click();
  await expect(page).toHaveURL(new RegExp(`/leads\\?q=${doc}$`));
  await expect(page.getByTestId('leads-count')).toHaveText(`${SEARCHER_APPLICATIONS + 1} leads`);
});
