import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

test('accept a debt-free request, download its PDF and verify its code on the public page', async ({ page, browser }) => {
  await signInAndWait(page, `atc@${COUNTRY}.example`);
  await page.goto('/debt-frees?processed=0');
  await expect(page.getByRole('heading', { name: 'Libre deuda' })).toBeVisible();
  const grid = page.getByTestId('debt-frees-grid');
  await expect(grid.getByRole('button', { name: 'Aceptar' }).first()).toBeVisible();

  // Pending requests of customers with a balance are refused (409 naming the loan); one that owes nothing is accepted.
  let accepted: string | undefined;
  const pending = await grid
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Aceptar' }) })
    .count();
  for (let i = 0; i < pending && !accepted; i++) {
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Aceptar' }) })
      .nth(i);
    const customer = (await row.locator('[data-field="customer_name"]').innerText()).trim();
    await row.getByRole('button', { name: 'Aceptar' }).click();
    // The answer, not a toast: the previous refusal's toast may still be on screen.
    const answered = page.waitForResponse((response) => /\/debt-frees\/\d+\/accept$/.test(response.url()));
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    const answer = await answered;
    expect([200, 409]).toContain(answer.status());
    if (answer.status() === 200) {
      await expect(page.getByText('Certificado emitido')).toBeVisible();
      accepted = customer;
    }
  }
  expect(accepted, 'a pending request of a customer who owes nothing').toBeDefined();

  await page.goto('/debt-frees?processed=1');
  const row = rowWith(page, accepted!).first();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Descargar PDF' }).click();
  const download = await downloading;
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain(accepted!);
  const code = /Código de verificación: ([A-Z0-9-]+)/.exec(text)?.[1];
  expect(code).toBeDefined();

  // The verification page answers without signing in.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/verificar?code=${code}`);
  await expect(visitor.getByTestId('verify-result')).toContainText('Certificado auténtico');
  await expect(visitor.getByTestId('verify-result')).not.toContainText(accepted!);
  await visitor.goto('/verificar?code=NOPE-NOPE');
  await expect(visitor.getByTestId('verify-result')).toContainText('No encontramos un certificado');
  await anonymous.close();
});

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
