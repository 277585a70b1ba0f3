import { expect, test } from '@playwright/test';
import { COUNTRY, createApplication, signInAndWait } from './support';

/*
 * Massive batches (admin, supervisor): a file with some bad rows validated first, its report read and
 * downloaded, the good rows applied while the progress bar reaches 100%, the results downloaded; and a batch
 * started from the leads list's filter. The batch works on applications this spec creates.
 */

const SUPERVISOR = `supervisor@${COUNTRY}.example`;
const SELLER = `seller@${COUNTRY}.example`;
const TARGET = `seller_renovator@${COUNTRY}.example`;

test.describe.configure({ timeout: 240_000 });

test('a file with bad rows: report, apply the good ones, progress to 100%, results', async ({ browser }) => {
  const sellerPage = await browser.newPage();
  await signInAndWait(sellerPage, SELLER);
  const created = [await createApplication(sellerPage), await createApplication(sellerPage), await createApplication(sellerPage)];
  await sellerPage.close();

  const page = await browser.newPage();
  await signInAndWait(page, SUPERVISOR);
  await page.goto('/massives');
  await expect(page.getByTestId('massive-type-reassign-seller')).toBeVisible();
  await page.getByTestId('massive-type-reassign-seller').getByRole('link', { name: 'Crear lote' }).click();
  await expect(page).toHaveURL(/\/create-massive\?type=reassign-seller/);

  const csv = ['lead_id;seller_email', ...created.map((lead) => `${lead.id};${TARGET}`), `999999;${TARGET}`, `${created[0].id};nadie@example.com`].join('\n');
  await page.getByTestId('massive-file').setInputFiles({ name: 'reasignar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page.getByTestId('validation-counts')).toHaveText('3 filas válidas · 2 inválidas (de 5)');
  const report = page.getByTestId('validation-report');
  await expect(report.getByRole('row', { name: /^5 .*no existe/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^6 .*repetida/ })).toBeVisible();
  const [reportFile] = await Promise.all([page.waitForEvent('download'), report.getByRole('link', { name: 'Informe CSV' }).click()]);
  expect(reportFile.suggestedFilename()).toMatch(/^lote-\d+-/);

  await report.getByRole('button', { name: 'Aplicar 3 filas válidas' }).click();
  await expect(page).toHaveURL(/\/massive-batch-detail\?id=\d+/);
  await expect(page.getByTestId('batch-progress')).toContainText('100%', { timeout: 30_000 });
  await expect(page.getByTestId('batch-status')).toHaveText('Terminado');
  await expect(page.getByTestId('batch-progress')).toContainText('3 aplicadas');
  const [results] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Resultados CSV' }).click()]);
  const text = await (await import('node:fs/promises')).readFile((await results.path())!, 'utf8');
  expect(text.match(/Aplicada/g)?.length).toBe(3);
  expect(text).toContain('Inválida');

  // The batch is on the list.
  await page.goto('/massive-batches');
  await expect(page.getByTestId('massive-batches-grid').getByText('reasignar.csv').first()).toBeVisible();
});

test('a batch started from a filtered leads list takes the list filter', async ({ browser }) => {
  const sellerPage = await browser.newPage();
  await signInAndWait(sellerPage, SELLER);
  const lead = await createApplication(sellerPage);
  await sellerPage.close();

  const page = await browser.newPage();
  await signInAndWait(page, SUPERVISOR);
  await page.goto(`/leads?q=${lead.doc}`);
  await page.getByRole('link', { name: 'Acción masiva' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-massive\\?from=leads&filters=q%3D${lead.doc}`));
  await expect(page.getByTestId('from-list')).toContainText(`q=${lead.doc}`);
  await page.getByLabel('Email del vendedor').fill(TARGET);
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page.getByTestId('validation-counts')).toHaveText('1 filas válidas · 0 inválidas (de 1)');
  await page.getByRole('button', { name: 'Aplicar 1 filas válidas' }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('Terminado', { timeout: 30_000 });
});
