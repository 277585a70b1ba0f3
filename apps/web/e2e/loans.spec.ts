import {
  DISBURSED_STATUS,
  INSTALLMENT_STATES,
  INSTALLMENT_STATUS_CODES,
  LOAN_STATUSES,
  catalogueLabel,
  formatMoney,
  type InstallmentStatus,
  type LeadListResponse,
  type LoanDetail,
} from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

// The machine is shared with other test runs: the detail and its loan may take a while to load.
test.describe.configure({ timeout: 120_000 });
const eventually = expect.configure({ timeout: 30_000 });

/*
 * The money side on the lead detail: a disbursed application of the demo data shows its loan's schedule,
 * figures and payments; an admin registers a payment there and sees it applied.
 */
test('the lead detail of a disbursed application shows its schedule, and an admin registers a payment on it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const list = await page.request.get(`/api/${COUNTRY}/leads?status=${DISBURSED_STATUS[COUNTRY]}&pageSize=25`);
  expect(list.status()).toBe(200);
  const rows = ((await list.json()) as LeadListResponse).rows;
  expect(rows.length).toBeGreaterThan(0);
  // One whose loan still takes payments (not paid off, nor annulled by another test's regret).
  let leadId = 0;
  let loan: LoanDetail | null = null;
  for (const row of rows) {
    const answer = (await (await page.request.get(`/api/${COUNTRY}/leads/${row.id}/loan`)).json()) as { loan: LoanDetail | null };
    if (answer.loan && (answer.loan.loan.status === 'ACTIVE' || answer.loan.loan.status === 'OVERDUE')) {
      leadId = row.id;
      loan = answer.loan;
      break;
    }
  }
  expect(loan).not.toBeNull();

  await page.goto(`/lead-detail?id=${leadId}`);
  const panel = page.getByTestId('loan-panel');
  await eventually(panel.getByText(`Préstamo #${loan!.loan.id}`)).toBeVisible();
  const schedule = panel.getByRole('table', { name: 'Cronograma de cuotas' });
  await expect(schedule.locator('tbody tr')).toHaveCount(loan!.installments.length);
  const first = loan!.installments[0];
  await expect(schedule.locator('tbody tr').first()).toContainText(formatMoney(COUNTRY, first.principal));
  // Statuses read as their labels; the codes the API gives stay at hand in the chips' tooltips.
  await expect(panel.getByTitle(loan!.loan.status, { exact: true })).toHaveText(catalogueLabel(LOAN_STATUSES, loan!.loan.status));
  await expect(
    schedule
      .locator('tbody tr')
      .first()
      .getByTitle(INSTALLMENT_STATUS_CODES[COUNTRY][first.status as InstallmentStatus], { exact: true }),
  ).toHaveText(catalogueLabel(INSTALLMENT_STATES, first.status));
  // arg shows the VAT on interest apart.
  if (COUNTRY === 'arg') await expect(schedule.getByRole('columnheader', { name: 'IVA (21%)' })).toBeVisible();
  else await expect(schedule.getByRole('columnheader', { name: /IVA/ })).toHaveCount(0);

  const reference = `E2E-${Date.now()}`;
  const form = panel.getByRole('form', { name: 'Registrar pago' });
  await form.getByLabel('Monto').fill('100');
  await form.getByLabel('Referencia').fill(reference);
  await form.getByRole('button', { name: 'Registrar pago' }).click();
  await eventually(page.getByText('Pago registrado')).toBeVisible();
  await eventually(panel.getByRole('table', { name: 'Pagos' }).getByRole('row', { name: new RegExp(reference) })).toContainText(
    formatMoney(COUNTRY, 10_000),
  );
});
