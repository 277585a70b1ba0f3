import { formatMoney, type ListResponse, type LoanDetail, type VoluntaryPayRow } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

test.describe.configure({ timeout: 90_000 });

/*
 * The review of voluntary payments: a reviewer opens a pending one from the demo data, sees its receipt
 * beside the loan, accepts it, and the loan's balance drops by its amount.
 */
test('a reviewer opens a receipt, accepts it, and the loan balance drops by the amount', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const queue = (await (
    await page.request.get(`/api/${COUNTRY}/voluntary-pays?processed=0&pageSize=100`)
  ).json()) as ListResponse<VoluntaryPayRow>;
  expect(queue.rows.length).toBeGreaterThan(0);
  const pay = queue.rows[0];
  const loanBefore = (await (await page.request.get(`/api/${COUNTRY}/loans/${pay.loan_id}`)).json()) as LoanDetail;

  await page.goto('/voluntary-pays?processed=0');
  await expect(page.getByRole('heading', { name: 'Pagos voluntarios' })).toBeVisible();
  await page.getByTestId(`review-${pay.id}`).click();
  const dialog = page.getByTestId('voluntary-pay-review');
  await expect(dialog).toBeVisible();
  // The receipt really loads (an image with pixels), beside the loan's panel.
  const receipt = dialog.getByTestId('receipt-image');
  await expect(receipt).toBeVisible();
  await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const panel = dialog.getByTestId('loan-panel');
  await expect(panel.getByText(`Préstamo #${pay.loan_id}`)).toBeVisible();
  await expect(panel).toContainText(formatMoney(COUNTRY, loanBefore.balance_today));

  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();

  const loanAfter = (await (await page.request.get(`/api/${COUNTRY}/loans/${pay.loan_id}`)).json()) as LoanDetail;
  expect(loanBefore.balance_today - loanAfter.balance_today).toBe(pay.amount);
  // Shown as accepted, and reopening it shows the new balance.
  await page.goto('/voluntary-pays?processed=1');
  await page.getByTestId(`review-${pay.id}`).click();
  await expect(dialog.getByText(/^Aceptado/)).toBeVisible();
  await expect(dialog.getByTestId('loan-panel')).toContainText(formatMoney(COUNTRY, loanAfter.balance_today));
  await expect(dialog.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);
});

test('staff register a voluntary payment with its receipt from the lead detail; a disguised file is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const queue = (await (await page.request.get(`/api/${COUNTRY}/voluntary-pays?pageSize=100`)).json()) as ListResponse<VoluntaryPayRow>;
  const open = queue.rows.find((r) => r.processed === 0) ?? queue.rows[0];
  await page.goto(`/lead-detail?id=${open.lead_id}`);
  const form = page.getByTestId('voluntary-pay-form');
  await expect(form).toBeVisible();

  const reference = `E2E-VOL-${Date.now()}`;
  await form.getByLabel('Monto').fill('12,50');
  await form.getByLabel('Referencia').fill(reference);
  // Named and typed as an image, but text inside: the server reads the bytes.
  await form
    .getByTestId('voluntary-pay-file')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('El comprobante debe ser una imagen PNG o JPEG o un PDF')).toBeVisible();

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await form.getByTestId('voluntary-pay-file').setInputFiles({ name: 'comprobante.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Pago voluntario registrado: queda pendiente de revisión')).toBeVisible();

  const mine = (await (
    await page.request.get(`/api/${COUNTRY}/voluntary-pays?loan_id=${open.loan_id}&processed=0&pageSize=100`)
  ).json()) as ListResponse<VoluntaryPayRow>;
  const created = mine.rows.find((r) => r.reference === reference);
  expect(created).toMatchObject({ amount: 1250, receipt_type: 'application/pdf', processed: 0 });
  // In the queue, its receipt opens as a PDF.
  await page.goto(`/voluntary-pays?loan_id=${open.loan_id}&processed=0`);
  await page.getByTestId(`review-${created!.id}`).click();
  await expect(page.getByTestId('voluntary-pay-review').getByTestId('receipt-pdf')).toBeVisible();
});
