import { buildCuil } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, openCalendar, signInAndWait } from './support';

interface Customer {
  doc_number: string;
  cuil: string | null;
  first_name: string;
  last_name: string;
  cellphone: string | null;
  address: string | null;
  bank: string | null;
  bank_account: string | null;
}

test('the new lead form says a document is an existing customer before saving, and saving keeps its address and account', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // A seeded customer with an address and a bank account, and how many applications it has.
  const list = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=50`)).json()) as { rows: { id: number }[] };
  let customer: Customer | undefined;
  for (const row of list.rows) {
    const lead = (await (await page.request.get(`/api/${COUNTRY}/leads/${row.id}`)).json()) as { customer: Customer };
    if (lead.customer.address && lead.customer.bank_account) {
      customer = lead.customer;
      break;
    }
  }
  expect(customer).toBeDefined();
  const { doc_number: doc } = customer!;
  const search = (await (await page.request.get(`/api/${COUNTRY}/searcher?q=${doc}`)).json()) as {
    customers: (Customer & { applications: unknown[]; more_applications: boolean })[];
  };
  const found = search.customers.find((c) => c.doc_number === doc)!;
  expect(found.more_applications).toBe(false);
  const applications = found.applications.length;

  await page.goto('/leads');
  await page.getByRole('button', { name: 'Nuevo lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lead' });
  const docField = dialog.getByRole('textbox', { name: COUNTRY === 'arg' ? 'DNI' : 'Cédula (CC)' });
  const notice = dialog.getByTestId('existing-customer');

  // A new document: no notice. The existing one, typed as people write it: the notice, before saving.
  await docField.fill('1234567');
  await expect(dialog.getByText('Cliente existente')).toHaveCount(0);
  await docField.fill(COUNTRY === 'arg' ? doc.replace(/(\d+)(\d{3})(\d{3})$/, '$1.$2.$3') : doc);
  await expect(notice).toHaveText(
    `Cliente existente: ${customer!.last_name}, ${customer!.first_name} · ${applications} ${applications === 1 ? 'solicitud' : 'solicitudes'}. ` +
      `Se mantienen su nombre, fecha de nacimiento${COUNTRY === 'arg' ? ', CUIL' : ''} y cuenta bancaria; ` +
      'se actualizan celular, email y domicilio si los completas.',
  );
  // Another document takes it away.
  await docField.fill(COUNTRY === 'arg' ? '29999998' : '1999999998');
  await expect(notice).toHaveCount(0);
  await docField.fill(doc);
  await expect(notice).toBeVisible();

  // Saved with "Domicilio" empty and another account (the #799 report): both stay as they were.
  if (COUNTRY === 'arg') await dialog.getByRole('textbox', { name: 'CUIL' }).fill(customer!.cuil ?? buildCuil(doc, 'male'));
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Otro');
  await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Nombre');
  const calendar = await openCalendar(page, dialog.getByRole('group', { name: 'Fecha de nacimiento' }));
  await calendar.getByRole('radio', { name: '1990' }).click();
  await calendar.getByRole('radio', { name: 'ene' }).click();
  await calendar.getByRole('gridcell', { name: '15', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Celular' }).fill(COUNTRY === 'arg' ? '1144446666' : '3114446666');
  const email = `reuso.${Date.now()}@example.com`;
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Monto solicitado' }).fill(COUNTRY === 'arg' ? '150.000' : '3.000.000');
  await dialog.getByRole('spinbutton', { name: 'Cuotas' }).fill('12');
  if (COUNTRY === 'arg') await dialog.getByRole('textbox', { name: 'CBU' }).fill('2850590940090418135201');
  else {
    await dialog.getByRole('combobox', { name: 'Banco' }).selectOption(customer!.bank === 'Davivienda' ? 'Bancolombia' : 'Davivienda');
    await dialog.getByRole('textbox', { name: 'Número de cuenta' }).fill('0550123456');
  }
  await dialog.getByRole('button', { name: 'Crear lead' }).click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+/);
  await expect(page.getByText(/creado para un cliente existente/)).toBeVisible();
  await expect(page.getByText('Domicilio', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(customer!.address!);
  const id = new URL(page.url()).searchParams.get('id');
  const lead = (await (await page.request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as { customer: Customer & { email: string } };
  expect(lead.customer).toMatchObject({
    doc_number: doc,
    first_name: customer!.first_name,
    last_name: customer!.last_name,
    address: customer!.address,
    bank: customer!.bank,
    bank_account: customer!.bank_account,
    email,
  });
});
