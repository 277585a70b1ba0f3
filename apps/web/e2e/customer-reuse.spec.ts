import { BANK_ACCOUNT_LOCKED_STATUSES, inVoice, type CustomerLookup } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, leadSummary, say, signInAndWait } from './support';

interface Customer {
  doc_number: string;
  cuil: string | null;
  first_name: string;
  last_name: string;
  cellphone: string | null;
  email: string | null;
  address: string | null;
  bank: string | null;
  bank_account: string | null;
  bank_account_type: string | null;
}
type Found = NonNullable<CustomerLookup['customer']>;

/** The first customer of the leads listed with `query` that `fits`, with what the lookup says of it. */
async function findCustomer(page: Page, query: string, fits: (customer: Customer, found: Found) => boolean) {
  const list = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=50${query}`)).json()) as { rows: { id: number }[] };
  for (const row of list.rows) {
    const { customer } = (await (await page.request.get(`/api/${COUNTRY}/leads/${row.id}`)).json()) as { customer: Customer };
    const found = (
      (await (await page.request.get(`/api/${COUNTRY}/customers/lookup?doc_number=${customer.doc_number}`)).json()) as CustomerLookup
    ).customer;
    if (found && fits(customer, found)) return { customer, found };
  }
  throw new Error(`no customer fits among the leads of ${query || 'the first page'}`);
}

const customerOfLead = async (page: Page, id: string | null) =>
  ((await (await page.request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as { customer: Customer }).customer;

const identityFields = ['Nombre', 'Apellido', ...(COUNTRY === 'arg' ? ['CUIL'] : [])];

test('an existing customer’s document: the form tells it, asks only for the application, and saving keeps the customer’s data', async ({
  page,
}) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // A seeded customer with an address and a bank account, nothing of it in audit or transfer.
  const { customer, found } = await findCustomer(page, '', (c, f) => !!c.address && !!c.bank_account && !f.cellphone_locked);
  const doc = customer.doc_number;

  await page.goto('/leads');
  await page.getByRole('button', { name: 'Nuevo lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lead' });
  const docField = dialog.getByRole('textbox', { name: COUNTRY === 'arg' ? 'DNI' : 'Cédula (CC)' });
  const notice = dialog.getByTestId('existing-customer');
  const birthDate = dialog.getByRole('group', { name: 'Fecha de nacimiento' });

  // A new document: no notice, and the customer's data are asked (sent empty: each says it is missing).
  await docField.fill('1234567');
  await expect(dialog.getByText('Cliente existente')).toHaveCount(0);
  for (const label of identityFields) await expect(dialog.getByRole('textbox', { name: label, exact: true })).toBeVisible();
  await expect(birthDate).toBeVisible();
  await dialog.getByRole('button', { name: 'Crear lead' }).click();
  await expect(dialog.getByText(inVoice(COUNTRY, 'Ingresa el celular'))).toBeVisible();
  // The existing one, typed as people write it: the notice, with its stored name, before saving.
  await docField.fill(COUNTRY === 'arg' ? doc.replace(/(\d+)(\d{3})(\d{3})$/, '$1.$2.$3') : doc);
  const applications = found.applications;
  await expect(notice).toHaveText(
    say(
      `Cliente existente: ${customer.last_name}, ${customer.first_name} · ${applications} ${applications === 1 ? 'solicitud' : 'solicitudes'}. ` +
        `Se mantienen su nombre, fecha de nacimiento${COUNTRY === 'arg' ? ', CUIL' : ''} y cuenta bancaria; ` +
        'se actualizan celular, email y domicilio si los completas.',
    ),
  );
  // What an existing customer may leave blank is no longer told missing; the application still is.
  await expect(dialog.getByText(inVoice(COUNTRY, 'Ingresa el celular'))).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Celular' })).toHaveAccessibleDescription('Opcional: vacío conserva el guardado');
  await expect(dialog.getByText(inVoice(COUNTRY, 'Ingresa el monto solicitado'))).toBeVisible();
  // Its identity is not asked; its contact data are optional.
  for (const label of identityFields) await expect(dialog.getByRole('textbox', { name: label, exact: true })).toHaveCount(0);
  await expect(birthDate).toHaveCount(0);
  await expect(dialog.getByText('Opcional: vacío conserva el guardado')).toHaveCount(2);
  // Another document takes it away, and the fields come back.
  await docField.fill(COUNTRY === 'arg' ? '29999998' : '1999999998');
  await expect(notice).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Apellido' })).toBeVisible();
  await docField.fill(doc);
  await expect(notice).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Apellido' })).toHaveCount(0);

  // Saved with only the application, and another account (the #799 report): the account stays, and the
  // user is told so after saving.
  await dialog.getByRole('textbox', { name: 'Monto solicitado' }).fill(COUNTRY === 'arg' ? '150.000' : '3.000.000');
  await dialog.getByRole('spinbutton', { name: 'Cuotas' }).fill('12');
  if (COUNTRY === 'arg') await dialog.getByRole('textbox', { name: 'CBU' }).fill('2850590940090418135201');
  else {
    await dialog.getByRole('combobox', { name: 'Banco' }).selectOption(customer.bank === 'Davivienda' ? 'Bancolombia' : 'Davivienda');
    await dialog.getByRole('textbox', { name: 'Número de cuenta' }).fill('0550123456');
    await dialog
      .getByRole('combobox', { name: 'Tipo de cuenta' })
      .selectOption(customer.bank_account_type === 'Ahorros' ? 'Corriente' : 'Ahorros');
  }
  await dialog.getByRole('button', { name: 'Crear lead' }).click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+/);
  await expect(page.getByText(/creado para un cliente existente/)).toBeVisible();
  await expect(
    page.getByText(
      `Se conservaron los datos guardados del cliente: ${COUNTRY === 'arg' ? 'cuenta bancaria' : 'banco, cuenta bancaria y tipo de cuenta'}`,
    ),
  ).toBeVisible();
  await expect(leadSummary(page).getByText('Domicilio', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    customer.address!,
  );
  const saved = await customerOfLead(page, new URL(page.url()).searchParams.get('id'));
  expect(saved).toMatchObject({
    doc_number: doc,
    cuil: customer.cuil,
    first_name: customer.first_name,
    last_name: customer.last_name,
    cellphone: customer.cellphone,
    email: customer.email,
    address: customer.address,
    bank: customer.bank,
    bank_account: customer.bank_account,
    bank_account_type: customer.bank_account_type,
  });
});

test('a customer with an application in audit or transfer: the notice says the cellphone stays, and the form does not offer it', async ({
  page,
}) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  const { customer } = await findCustomer(
    page,
    `&status=${BANK_ACCOUNT_LOCKED_STATUSES[COUNTRY].join(',')}`,
    (_c, f) => f.cellphone_locked,
  );

  await page.goto('/leads');
  await page.getByRole('button', { name: 'Nuevo lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lead' });
  await dialog.getByRole('textbox', { name: COUNTRY === 'arg' ? 'DNI' : 'Cédula (CC)' }).fill(customer.doc_number);
  const notice = dialog.getByTestId('existing-customer');
  await expect(notice).toContainText('celular (tiene una solicitud en auditoría o transferencia)');
  await expect(notice).toContainText(say('se actualizan email y domicilio si los completas'));
  await expect(dialog.getByRole('textbox', { name: 'Celular' })).toBeDisabled();

  // A new email alone is saved; the cellphone the audit checked stays.
  const email = `reuso.${Date.now()}@example.com`;
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Monto solicitado' }).fill(COUNTRY === 'arg' ? '150.000' : '3.000.000');
  await dialog.getByRole('spinbutton', { name: 'Cuotas' }).fill('12');
  await dialog.getByRole('button', { name: 'Crear lead' }).click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+/);
  const saved = await customerOfLead(page, new URL(page.url()).searchParams.get('id'));
  expect(saved).toMatchObject({ doc_number: customer.doc_number, first_name: customer.first_name, cellphone: customer.cellphone, email });
});
