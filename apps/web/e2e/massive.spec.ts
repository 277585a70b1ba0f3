import { readFile } from 'node:fs/promises';
import type { CollectionRow, ListResponse } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { api, COUNTRY, createApplication, signInAndWait } from './support';

const ADMIN = `admin@${COUNTRY}.example`;
const SELLER = `seller@${COUNTRY}.example`;
const COLLECTOR = `collector@${COUNTRY}.example`;

/** The batch's detail once it has applied every row: the bar at 100% and the batch ended. */
async function expectFinished(page: Page, applied: number) {
  await expect(page).toHaveURL(/\/massive-batch-detail\?id=\d+/);
  const progress = page.getByTestId('batch-progress');
  await expect(progress).toContainText('100%', { timeout: 30_000 });
  await expect(progress).toContainText(`${applied} aplicadas · 0 fallidas · 0 pendientes`);
  await expect(page.getByTestId('batch-status')).toHaveText('Terminado');
  await expect(page.getByRole('progressbar', { name: 'Progreso del lote' })).toHaveAttribute('aria-valuenow', '100');
}

test('a file with bad rows: the report names them, the good rows are applied to 100% and the results download', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  const first = await createApplication(page);
  const second = await createApplication(page);
  const csv = [
    'lead_id,seller_email',
    `${first.id},${SELLER}`,
    '99999999,' + SELLER,
    `abc,${SELLER}`,
    `${second.id},${SELLER}`,
    `${first.id},nadie@${COUNTRY}.example`,
  ].join('\n');

  await page.goto('/create-massive?type=reassign-seller');
  await expect(page.getByRole('heading', { name: 'Nuevo lote masivo' })).toBeVisible();
  await page
    .getByTestId('massive-file')
    .setInputFiles({ name: 'reasignacion.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf-8') });
  await page.getByRole('button', { name: 'Validar' }).click();

  const report = page.getByTestId('validation-report');
  await expect(report.getByTestId('validation-counts')).toHaveText('2 filas válidas · 3 inválidas (de 5)');
  // Each bad row by its line in the file (the header is line 1), with what is wrong.
  await expect(report.getByRole('row').filter({ hasText: 'La solicitud 99999999 no existe en este país' })).toContainText('3');
  await expect(report.getByRole('row').filter({ hasText: 'lead_id: Debe ser un número entero positivo' })).toContainText('4');
  await expect(report.getByRole('row').filter({ hasText: `Fila repetida: la misma solicitud ya está en la fila 2` })).toContainText('6');

  await report.getByRole('button', { name: 'Aplicar 2 filas válidas' }).click();
  await expectFinished(page, 2);
  const batchId = Number(new URL(page.url()).searchParams.get('id'));
  // The rows' results: the applied ones and the invalid ones with their errors.
  const rows = page.getByRole('grid');
  await expect(rows.getByRole('row').filter({ hasText: 'Aplicada' })).toHaveCount(2);
  await expect(rows.getByRole('row').filter({ hasText: 'Inválida' })).toHaveCount(3);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Resultados CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^lote-${batchId}-${COUNTRY}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const results = await readFile((await download.path())!, 'utf-8');
  expect(results.match(/[,;]Aplicada[,;]/g)).toHaveLength(2);
  expect(results.match(/[,;]Inválida[,;]/g)).toHaveLength(3);
  expect(results).toContain('La solicitud 99999999 no existe en este país');

  // The lead's timeline names the batch that reassigned it.
  await page.goto(`/lead-detail?id=${first.id}`);
  await expect(page.getByTestId('timeline-item').filter({ hasText: `(Lote #${batchId})` })).toHaveCount(1);
});

test('a batch from the filtered leads list takes the leads the filter matches', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  const lead = await createApplication(page);
  // The document finds exactly this lead.
  await page.goto(`/leads?q=${lead.doc}`);
  await expect(page.getByTestId('leads-count')).toContainText('1 lead', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Acción masiva' }).click();

  await expect(page).toHaveURL(/\/create-massive\?from=leads&filters=/);
  await expect(page.getByTestId('from-list')).toContainText(`q=${lead.doc}`);
  await page.getByRole('textbox', { name: 'Email del vendedor' }).fill(SELLER);
  await page.getByRole('button', { name: 'Validar' }).click();
  const report = page.getByTestId('validation-report');
  await expect(report.getByTestId('validation-counts')).toHaveText('1 filas válidas · 0 inválidas (de 1)');
  await report.getByRole('button', { name: 'Aplicar 1 filas válidas' }).click();
  await expectFinished(page, 1);
  await expect(page.getByText('Desde una lista filtrada')).toBeVisible();
  await expect(
    page
      .getByRole('grid')
      .getByRole('row')
      .filter({ hasText: String(lead.id) }),
  ).toContainText('Aplicada');
});

test('a batch from the filtered collections list takes the loans the filter matches', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  const { request } = await api(page);
  // A customer of the demo's loans in collections, and every loan of theirs the list shows.
  const listed = await request.get(`/api/${COUNTRY}/collections?pageSize=10`);
  expect(listed.status(), await listed.text()).toBe(200);
  const first = (await listed.json()) as ListResponse<CollectionRow>;
  const doc = first.rows[0]!.customer.doc_number;
  const theirs = (await (
    await request.get(`/api/${COUNTRY}/collections?q=${encodeURIComponent(doc)}&pageSize=100`)
  ).json()) as ListResponse<CollectionRow>;
  const n = theirs.rows.length;
  await page.goto(`/collections?q=${encodeURIComponent(doc)}`);
  await expect(page.getByTestId('collections-grid').getByRole('link', { name: `#${theirs.rows[0]!.id}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Acción masiva' }).click();

  await expect(page).toHaveURL(/\/create-massive\?from=collections&filters=/);
  await expect(page.getByTestId('from-list')).toContainText(`q=${doc}`);
  // The list offers the operations over loans; assigning to a collector is the first.
  await expect(page.getByRole('combobox', { name: 'Operación' })).toHaveText('Asignar préstamos a un cobrador');
  await page.getByRole('textbox', { name: 'Email del cobrador' }).fill(COLLECTOR);
  await page.getByRole('button', { name: 'Validar' }).click();
  const report = page.getByTestId('validation-report');
  await expect(report.getByTestId('validation-counts')).toHaveText(`${n} filas válidas · 0 inválidas (de ${n})`);
  await report.getByRole('button', { name: `Aplicar ${n} filas válidas` }).click();
  await expectFinished(page, n);
  await expect(page.getByText('Desde una lista filtrada')).toBeVisible();
  await expect(
    page
      .getByRole('grid')
      .getByRole('row')
      .filter({ hasText: String(theirs.rows[0]!.id) }),
  ).toContainText('Aplicada');
  const after = (await (
    await request.get(`/api/${COUNTRY}/collections?q=${encodeURIComponent(doc)}&pageSize=100`)
  ).json()) as ListResponse<CollectionRow>;
  // Every loan of the filter is now the same collector's.
  expect(new Set(after.rows.map((row) => row.collector?.id ?? null)).size).toBe(1);
  expect(after.rows[0]!.collector).not.toBeNull();
});
