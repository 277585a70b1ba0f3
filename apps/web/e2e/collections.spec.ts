import type { CollectionDetail, CollectionRow, ListResponse } from '@backoffice/shared';
import { addDays, todayIn } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { ROLES, demoEmail } from './roles-fixture';
import { COUNTRY, api, say, signInAndWait, snapshotOtherTabsOnFailure, typeDate } from './support';

/*
 * The collections desk against the demo data (the loans area seeds overdue loans, a good share of them
 * assigned to the demo collector): the collector lands on their queue, filters a bucket, opens a loan and
 * records a promise to pay that the timeline shows; a supervisor reassigns a loan and the collector's open
 * list shows it without reloading.
 */

const emailOf = (kind: string) =>
  demoEmail(
    COUNTRY,
    ROLES[COUNTRY].find((r) => r.kind === kind)!,
  );

snapshotOtherTabsOnFailure();

async function listThrough(page: Page, search: string): Promise<ListResponse<CollectionRow>> {
  const { request } = await api(page);
  const res = await request.get(`/api/${COUNTRY}/collections?${search}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ListResponse<CollectionRow>;
}

test('a collector works their queue: lands on it, filters a bucket, records a promise to pay, sees it on the timeline', async ({
  page,
}) => {
  await signInAndWait(page, emailOf('collector'));
  await expect(page).toHaveURL(/\/collections$/);
  const grid = page.getByTestId('collections-grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  // A bucket the queue has rows in, chosen through the filter.
  const queue = await listThrough(page, 'pageSize=100');
  const bucket = queue.rows.find((r) => r.bucket)!.bucket!;
  const label = { '1-30': '1 a 30 días', '31-60': '31 a 60 días', '61-90': '61 a 90 días', '90+': 'Más de 90 días' }[bucket]!;
  await page.getByRole('combobox', { name: 'Tramo' }).click();
  await page.getByRole('option', { name: label }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`bucket=${encodeURIComponent(bucket)}`));
  await expect(grid.getByRole('gridcell', { name: label }).first()).toBeVisible();

  // Open the first loan, record a promise for tomorrow.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/collection-detail\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByLabel('Resultado').click();
  await page.getByRole('option', { name: 'Promesa de pago' }).click();
  const tomorrow = addDays(todayIn(COUNTRY), 1);
  await typeDate(page, page.getByRole('group', { name: 'Fecha de la promesa', exact: true }), tomorrow.split('-').reverse().join('/'));
  await page.getByLabel('Monto prometido').fill('1500');
  await page.getByLabel('Nota').fill('Paga mañana por transferencia');
  await page.getByRole('button', { name: 'Guardar gestión' }).click();
  await expect(page.getByText('Gestión registrada')).toBeVisible();
  const timeline = page.getByTestId('loan-timeline');
  await expect(timeline.getByText(/Promesa de pago · Promesa de pago por/)).toBeVisible();
  await expect(timeline.getByText('Gestión · Promesa de pago: Paga mañana por transferencia')).toBeVisible();

  const { request } = await api(page);
  const detail = (await (await request.get(`/api/${COUNTRY}/collections/${id}`)).json()) as CollectionDetail;
  expect(detail.promise_due_on).toBe(tomorrow);
  expect(detail.promises[0]).toMatchObject({ amount: 150_000, status: 'pending' });

  // The management is the collector's day too, on /daily-managements, found by the customer's document.
  await page.getByRole('link', { name: 'Gestiones diarias' }).first().click();
  await expect(page).toHaveURL(/\/daily-managements$/);
  await page.getByPlaceholder('Documento, nombre, celular o email').fill(detail.customer.doc_number);
  await expect(page).toHaveURL(new RegExp(`q=${detail.customer.doc_number}`));
  const row = page.getByRole('row').filter({ hasText: 'Paga mañana por transferencia' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Promesa de pago');
  await expect(row).toContainText(`Préstamo #${id}`);
});

test("a supervisor reassigns a loan and the collector's open list shows it", async ({ page, browser }) => {
  await signInAndWait(page, emailOf('collector'));
  await expect(page).toHaveURL(/\/collections$/);
  const collectorId = Number(await page.evaluate((key) => localStorage.getItem(key), `${COUNTRY}_id`));

  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await signInAndWait(supervisor, emailOf('supervisor'));
  // A loan in collections someone else (or no one) has.
  const others = await listThrough(supervisor, 'pageSize=100&sort=days_past_due&dir=asc');
  const loan = others.rows.find((r) => r.collector?.id !== collectorId)!;
  expect(loan, 'a loan in collections that is not the collector’s').toBeDefined();

  // The collector's list, open on that customer: empty until the loan is theirs.
  await page.goto(`/collections?q=${encodeURIComponent(loan.customer.doc_number)}`);
  await expect(page.getByText('Ningún préstamo coincide con los filtros')).toBeVisible();

  await supervisor.goto(`/collection-detail?id=${loan.id}`);
  await supervisor.getByLabel('Asignar a').click();
  const me = (await listThrough(supervisor, `collector=${collectorId}&pageSize=10`)).rows[0]?.collector?.name;
  await supervisor.getByRole('option', { name: me }).click();
  await supervisor.getByRole('button', { name: 'Asignar', exact: true }).click();
  await expect(supervisor.getByTestId('collection-collector')).toHaveText(me!);

  // The collector is told, and their open list shows it without a reload.
  await expect(page.getByText(say(`Se te asignó el préstamo #${loan.id}`))).toBeVisible();
  await expect(page.getByTestId('collections-grid').getByRole('link', { name: `#${loan.id}` })).toBeVisible();
  await supervisorContext.close();
});
