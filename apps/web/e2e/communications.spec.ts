import { createHmac } from 'node:crypto';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { COUNTRY, createApplication, signInAndWait } from './support';

const CELLPHONE = COUNTRY === 'arg' ? '1155554444' : '3001234567';
/** The server's MESSAGING_WEBHOOK_SECRET in the browser tests (its default). */
const WEBHOOK_SECRET = process.env.MESSAGING_WEBHOOK_SECRET ?? 'demo-webhook-secret-change-me';

/**
 * The provider's inbound webhook, signed as a provider signs it (HMAC of "<timestamp>.<raw body>"), from a
 * context of its own: a provider carries none of the page's cookies.
 */
async function inboundFromProvider(page: Page, body: { channel: string; from: string; body: string }) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${raw}`).digest('hex');
  const provider = await request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const response = await provider.post(`/api/${COUNTRY}/communications/webhooks/inbound`, {
      data: raw,
      headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, authorization: `Bearer ${signature}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { customer_id: number | null; lead_id: number | null };
  } finally {
    await provider.dispose();
  }
}

/** How many lines an empty text area shows: its height in its own line heights. */
const textAreaRows = (field: Locator) =>
  field.evaluate((element) => {
    const style = getComputedStyle(element);
    return Math.round(parseFloat(style.height) / parseFloat(style.lineHeight));
  });

test('a seller sends a WhatsApp from a template on their sale, sees it on the timeline and the customer’s reply arrives live', async ({
  page,
}) => {
  await signInAndWait(page, `seller@${COUNTRY}.example`);
  const { id } = await createApplication(page);
  await page.goto(`/sale-detail?id=${id}`);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar mensaje' });
  await dialog.getByRole('combobox', { name: 'Plantilla' }).click();
  await page.getByRole('option', { name: 'Recordatorio de pago (WhatsApp)' }).click();
  await dialog.getByRole('textbox', { name: 'Fecha de vencimiento' }).fill('10/06/2026');
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://pagos.example.com/abc');
  await expect(dialog.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialog.getByTestId('message-preview')).toContainText(
    'vence el 10/06/2026. Puedes pagar aquí: https://pagos.example.com/abc',
  );
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const entry = page.getByTestId('timeline-item').filter({ hasText: 'https://pagos.example.com/abc' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Mensaje');
  await expect(entry).toContainText(`WhatsApp a ${CELLPHONE}`);

  // The customer answers: the provider's signed webhook; the open sale shows it without a reload.
  const reply = `Gracias, pago el viernes ${Date.now()}`;
  const matched = await inboundFromProvider(page, { channel: 'whatsapp', from: CELLPHONE, body: reply });
  expect(matched.lead_id).toBe(id);
  await expect(page.getByTestId('timeline-item').filter({ hasText: reply })).toContainText(`WhatsApp recibido de ${CELLPHONE}`);
});

test('an admin manages templates with a live preview, and opens a customer’s conversation from the list', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/customers-communications');
  await page.getByRole('button', { name: 'Plantillas' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('template-row').filter({ hasText: 'Recordatorio de pago (WhatsApp)' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Nueva plantilla' }).click();
  const name = `Saludo ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  // SPEC 9: a text area opens 3 rows high, as every multi-line field does.
  expect(await textAreaRows(dialog.getByRole('textbox', { name: 'Texto' }))).toBe(3);
  await dialog.getByRole('textbox', { name: 'Texto' }).fill('Hola {{nombre}}, tu cuota de {{monto}} vence el {{vencimiento}}.');
  await expect(dialog.getByTestId('template-preview')).toContainText('Hola María, tu cuota de $ 25.000,00 vence el 10/06/2026.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const row = dialog.getByTestId('template-row').filter({ hasText: name });
  await expect(row).toContainText('Activa');
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(row).toContainText('Desactivada');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // A row's customer opens the conversation, oldest first, with the send form under it.
  await page.locator('a[href^="/customers-communications?customer="]').first().click();
  await expect(page).toHaveURL(/customer=\d+/);
  await expect(page.getByRole('heading', { name: 'Conversación con el cliente', level: 1 })).toBeVisible();
  await expect(page.getByTestId('conversation-message').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vista previa' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  expect(await textAreaRows(page.getByRole('textbox', { name: 'Mensaje' }))).toBe(3);
});

test('a collector sends the payment reminder from their loan, with its amount and due date, and sees it on the loan’s timeline', async ({
  page,
}) => {
  await signInAndWait(page, `collector@${COUNTRY}.example`);
  const queue = await page.request.get(`/api/${COUNTRY}/collections?page_size=10`);
  expect(queue.status(), await queue.text()).toBe(200);
  const { rows } = (await queue.json()) as { rows: { id: number }[] };
  expect(rows.length).toBeGreaterThan(0);
  await page.goto(`/collection-detail?id=${rows[0]!.id}`);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar mensaje' });
  await dialog.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await dialog.getByRole('combobox', { name: 'Plantilla' }).click();
  await page.getByRole('option', { name: 'Recordatorio de pago (SMS)' }).click();
  // The amount and the due date are the loan's: only the link is asked.
  await expect(dialog.getByRole('textbox', { name: 'Fecha de vencimiento' })).toHaveCount(0);
  const link = `https://pagos.example.com/${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Link' }).fill(link);
  await dialog.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialog.getByTestId('message-preview')).toContainText(
    new RegExp(`tu cuota de .+ vence el \\d{2}/\\d{2}/\\d{4}\\. Paga en ${link.replace(/[./]/g, '\\$&')}`),
  );
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('loan-timeline')).toContainText(link);
});
