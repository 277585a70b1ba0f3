import { expect, test } from '@playwright/test';
import { COUNTRY, createApplication, signInAndWait } from './support';

test('a seller sends a WhatsApp from a template on their sale, previewed first, and sees it on the timeline', async ({ page }) => {
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
  await expect(dialog.getByTestId('message-preview')).toContainText('vence el 10/06/2026. Puedes pagar aquí: https://pagos.example.com/abc');
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const entry = page.getByTestId('timeline-item').filter({ hasText: 'https://pagos.example.com/abc' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Mensaje');
  await expect(entry).toContainText(`WhatsApp a ${COUNTRY === 'arg' ? '1155554444' : '3001234567'}`);
});
