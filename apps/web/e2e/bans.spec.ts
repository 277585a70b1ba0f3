import { ARG_STATUS_IDS, COL_STATUS_IDS, buildCbu, buildCuil, statusLabelOf } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, api, signInAndWait } from './support';

test('a banned document: the ban is made on /customers-ban, a new application for it stops at prefilter with the ban as reason', async ({
  page,
}) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/customers-ban');
  await expect(page.getByRole('heading', { name: 'Bloqueos de clientes' })).toBeVisible();
  const unique = String(Date.now()).slice(-6);
  const doc = COUNTRY === 'arg' ? `3${unique}4` : `10${unique}8`;

  await page.getByRole('button', { name: 'Nuevo bloqueo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo bloqueo' });
  // A value that is no document is refused in the form, before sending.
  await dialog.getByRole('textbox', { name: 'Valor' }).fill('12');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(dialog.getByText('Documento inválido: de 3 a 11 dígitos')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Valor' }).fill(doc);
  await dialog.getByRole('textbox', { name: 'Detalle' }).fill('Prueba de fraude');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Buscar valor' }).fill(doc);
  await page.getByRole('textbox', { name: 'Buscar valor' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${doc}`));
  const row = page.getByRole('row').filter({ hasText: doc });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Vigente');

  // The application comes in through the API, as the web form and the webservice send it.
  const common = {
    first_name: 'Bloqueada',
    last_name: 'Prueba',
    birth_date: '1988-05-20',
    email: `bloqueo.${unique}@example.com`,
    term: 12,
  };
  const body =
    COUNTRY === 'arg'
      ? {
          ...common,
          doc_number: doc,
          cuil: buildCuil(doc, 'male'),
          cellphone: '1155554444',
          requested_amount: 250_000,
          bank_account: buildCbu('2850590', '9400904181352'),
        }
      : { ...common, doc_number: doc, cellphone: '3001234567', requested_amount: 5_000_000 };
  const { request, headers } = await api(page);
  const response = await request.post(`/api/${COUNTRY}/leads`, { data: body, headers });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };

  await page.goto(`/lead-detail?id=${id}`);
  const stopped = statusLabelOf(COUNTRY, COUNTRY === 'arg' ? ARG_STATUS_IDS.PREFILTER_REJECTED : COL_STATUS_IDS.KILLER_REJECTED);
  const entry = page.getByTestId('timeline-item').filter({ hasText: `Cliente bloqueado (Fraude): Documento ${doc}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(stopped);

  // The ban shows the application it stopped.
  await page.goto(`/customers-ban?q=${doc}`);
  await page.getByRole('row').filter({ hasText: doc }).getByRole('button', { name: 'Ver' }).click();
  const detail = page.getByRole('dialog', { name: /Bloqueo #\d+/ });
  await expect(detail.getByRole('link', { name: new RegExp(`Solicitud #${id}`) })).toBeVisible();
  // Lifting it asks for the reason and keeps the ban, now lifted.
  await detail.getByRole('textbox', { name: 'Motivo para levantar el bloqueo' }).fill('Verificado con el cliente');
  await detail.getByRole('button', { name: 'Levantar bloqueo' }).click();
  await expect(detail.getByText(/Levantado el .* Verificado con el cliente/)).toBeVisible();
});

test('operators read the bans but cannot create or lift them', async ({ page }) => {
  await signInAndWait(page, `operator@${COUNTRY}.example`);
  await page.goto('/customers-ban');
  await expect(page.getByRole('heading', { name: 'Bloqueos de clientes' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo bloqueo' })).toHaveCount(0);
});
