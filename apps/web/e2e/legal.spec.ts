import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

/*
 * Debt-free certificates and regrets on the demo data: the legal seed's requests and regrets are built on
 * the loans seed's loans (pending debt-free requests of customers who owe nothing, loans still within their
 * regret period).
 */

const ADMIN = `admin@${COUNTRY}.example`;

/** The grid row holding a text. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });


test('file a regret, walk it to certified and see the loan annulled', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.goto('/regrets');
  await expect(page.getByRole('heading', { name: 'Arrepentimientos' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar arrepentimiento' }).click();
  const candidate = page.getByTestId('regret-candidates').getByRole('button').first();
  await expect(candidate).toBeVisible();
  await candidate.click();
  const notice = page.getByText(/Código de revocación: REV-/);
  await expect(notice).toBeVisible();
  const code = /REV-[A-Z0-9]+/.exec(await notice.innerText())![0];

  const row = rowWith(page, code);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pendiente');
  const step = async (to: string, reached: string) => {
    await row.getByRole('button', { name: 'Cambiar estado' }).click();
    await page.getByRole('menuitem', { name: to, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(row).toContainText(reached);
  };
  if (COUNTRY === 'arg') {
    await step('Aprobada', 'Aprobada');
    await step('Generando orden', 'Orden generada');
    await step('Transferencia en curso', 'Devolución recibida');
  } else {
    await step('Aprobada', 'Aprobada');
    await step('Transferencia en curso', 'Devolución recibida');
  }
  await step('Certificada', 'Certificada');
  await expect(row.locator('[data-field="loan_status"]')).toHaveText('Anulado');
});
