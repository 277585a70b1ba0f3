import {
  inVoice,
  addDays,
  CALL_BACK_MESSAGES,
  MESSAGES,
  countryWallTimeToDate,
  isClosedStatus,
  todayIn,
  type LeadListResponse,
  type SaleDetail,
} from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, REMINDED_SELLERS, resolveEveryCallBack, signIn, snapshotOtherTabsOnFailure, typeDate, api } from './support';

snapshotOtherTabsOnFailure();

/*
 * The sale detail's pending call backs: 'Reprogramar' (a dialog with the booking's date-time field and rules)
 * and 'Cancelar' (after the confirmation dialog), the timeline saying so, and a call back resolved meanwhile
 * (the reminder modal, another tab) refused with the server's reason. Every call back left is resolved at the
 * end, so no other spec's seller gets a reminder from this one.
 */

const SELLER = `seller@${COUNTRY}.example`;

// Whatever a test left pending (it failed half-way) is resolved, so no later spec's seller meets its reminder.
test.afterEach(async ({ baseURL }) => {
  for (const email of REMINDED_SELLERS) await resolveEveryCallBack(baseURL!, email);
});

async function sale(page: Page, id: number): Promise<SaleDetail> {
  const res = await page.request.get(`/api/${COUNTRY}/sales/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SaleDetail;
}

/** The instant of a country day and time, as the API answers it. */
const at = (day: string, hour: string) => countryWallTimeToDate(COUNTRY, `${day}T${hour}`)!.toISOString();

/** 'DD/MM/AAAA' of a country day ('YYYY-MM-DD'). */
const shown = (day: string) => day.split('-').reverse().join('/');

test('a seller reschedules and cancels a pending call back from the sale detail', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const open = own.rows.filter((row) => !isClosedStatus(COUNTRY, row.status_id));
  // The one with the fewest call backs of its own (other specs of the run book on the first ones).
  const saleId = open.at(-1)!.id;
  await page.goto(`/sale-detail?id=${saleId}`);
  const pending = page.getByRole('list', { name: 'Llamadas pendientes' });
  const timeline = page.getByTestId('timeline-item');

  // Two call backs, booked as the seller does: the day after tomorrow at 10:30 and at 11:30 (country time).
  const day = addDays(todayIn(COUNTRY), 2);
  const later = addDays(todayIn(COUNTRY), 3);
  for (const hour of ['10:30', '11:30']) {
    await typeDate(page, page.getByRole('group', { name: 'Fecha y hora', exact: true }), `${shown(day)} ${hour}`);
    await page.getByRole('button', { name: 'Programar llamada' }).click();
    await expect(pending).toContainText(`${shown(day)}, ${hour}`);
  }

  // Reprogramar: a time in the past is refused under the field before anything is sent; the time of the
  // other call back by the server (409, under the field too); another day's is taken.
  await pending.getByRole('button', { name: `Reprogramar la llamada del ${shown(day)}, 10:30` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reprogramar llamada' });
  await expect(dialog).toContainText(`Programada para el ${shown(day)}, 10:30`);
  const field = dialog.getByRole('group', { name: 'Nueva fecha y hora' });
  // Its own time is no move.
  await dialog.getByRole('button', { name: 'Reprogramar' }).click();
  await expect(dialog.getByText(inVoice(COUNTRY, CALL_BACK_MESSAGES.sameAsBefore))).toBeVisible();
  await typeDate(page, field, `${shown(addDays(todayIn(COUNTRY), -1))} 10:30`);
  await dialog.getByRole('button', { name: 'Reprogramar' }).click();
  await expect(dialog.getByText('La llamada debe programarse en el futuro')).toBeVisible();
  await typeDate(page, field, `${shown(day)} 11:30`);
  await dialog.getByRole('button', { name: 'Reprogramar' }).click();
  await expect(dialog.getByText(CALL_BACK_MESSAGES.sameTime)).toBeVisible();
  await typeDate(page, field, `${shown(later)} 09:15`);
  await dialog.getByRole('button', { name: 'Reprogramar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: CALL_BACK_MESSAGES.rescheduled })).toBeVisible();
  await expect(pending).toContainText(`${shown(later)}, 09:15`);
  await expect(pending).not.toContainText(`${shown(day)}, 10:30`);
  await expect(timeline.first()).toContainText('Llamada reprogramada');
  await expect(timeline.first()).toContainText(`Llamada del ${shown(day)}, 10:30 reprogramada al ${shown(later)}, 09:15`);
  // The booking form around the list heard nothing of the dialog's submit.
  await expect(page.getByText(inVoice(COUNTRY, 'Indica fecha y hora de la llamada'))).toHaveCount(0);
  // The sale's next call is now the other one (11:30), the moved one keeps its row.
  const moved = await sale(page, saleId);
  expect(moved.next_call_at).toBe(at(day, '11:30'));
  expect(moved.scheduled_calls.map((call) => call.schedule_time)).toContain(at(later, '09:15'));

  // Cancelar asks first: closing the confirmation keeps the call back; confirming cancels it.
  const cancel11 = pending.getByRole('button', { name: `Cancelar la llamada del ${shown(day)}, 11:30` });
  await cancel11.click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmación' });
  await expect(confirmation).toContainText(CALL_BACK_MESSAGES.cancelConfirm(`${shown(day)}, 11:30`));
  await confirmation.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(pending).toContainText(`${shown(day)}, 11:30`);
  await cancel11.click();
  await confirmation.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CALL_BACK_MESSAGES.cancelled })).toBeVisible();
  await expect(pending).not.toContainText(`${shown(day)}, 11:30`);
  await expect(timeline.first()).toContainText('Llamada cancelada');
  await expect(timeline.first()).toContainText(`Llamada del ${shown(day)}, 11:30 cancelada`);

  // Resolved meanwhile (the reminder, another tab): the cancel is refused with the server's reason and the
  // list reloads without it.
  const left = (await sale(page, saleId)).scheduled_calls.find((call) => call.schedule_time === at(later, '09:15'))!;
  expect(
    (await page.request.get(`/api/${COUNTRY}/sales/resolve-call?id=${left.id}`, { headers: (await api(page)).headers })).status(),
  ).toBe(200);
  await pending.getByRole('button', { name: `Cancelar la llamada del ${shown(later)}, 09:15` }).click();
  await confirmation.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CALL_BACK_MESSAGES.notPending })).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancelar la llamada del ${shown(later)}, 09:15` })).toHaveCount(0);

  // Nothing of this spec left pending.
  for (const call of (await sale(page, saleId)).scheduled_calls) {
    expect(
      (await page.request.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`, { headers: (await api(page)).headers })).status(),
    ).toBe(200);
  }
});

test('a reminder shown for a lead given to another seller goes: its call backs went with it', async ({ page, browser }) => {
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  // Not the sale the other test of this file works.
  const saleId = own.rows.filter((row) => !isClosedStatus(COUNTRY, row.status_id)).at(-2)!.id;
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const booked = await page.request.post(`/api/${COUNTRY}/sales/${saleId}/call-back`, {
    data: { at: new Date(Date.now() + 2_000).toISOString() },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  // The reminders ask once when the app starts: the call back is due.
  await page.reload();
  const reminder = page.getByRole('dialog', { name: MESSAGES.reminderTitle });
  await expect(reminder).toContainText(`Lead #${saleId}`);

  // A supervisor gives the lead to another seller.
  const context = await browser.newContext();
  const supervisor = await context.newPage();
  await signIn(supervisor, `supervisor@${COUNTRY}.example`);
  await expect(supervisor).not.toHaveURL(/\/login/);
  const reassign = async (toOther: boolean) => {
    await supervisor.goto(`/lead-detail?id=${saleId}`);
    const current = (await (await supervisor.request.get(`/api/${COUNTRY}/leads/${saleId}`)).json()) as { seller: { name: string } | null };
    await supervisor.getByRole('combobox', { name: 'Vendedor' }).click();
    const options = supervisor.getByRole('option');
    const target = toOther
      ? options.filter({ hasNotText: current.seller?.name ?? '' }).first()
      : options.filter({ hasText: me.name }).first();
    await target.click();
    await supervisor.getByRole('button', { name: 'Reasignar' }).click();
    await supervisor.getByRole('dialog', { name: MESSAGES.confirmTitle }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(supervisor.getByText('Lead reasignado')).toBeVisible();
  };
  const me = (await (await page.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { name: string };
  await reassign(true);
  // The seller's reminder goes by itself (the realtime bridge tells them the lead is someone else's).
  await expect(reminder).toBeHidden();

  // Back to the seller, whose call back is resolved: no other spec meets it.
  await reassign(false);
  for (const call of (await sale(page, saleId)).scheduled_calls) {
    expect(
      (await page.request.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`, { headers: (await api(page)).headers })).status(),
    ).toBe(200);
  }
  await context.close();
});
