import { expect, test } from '@playwright/test';
import { COUNTRY, say, signIn } from './support';

test('a seller without assignation takes an application from the unassigned pool and then works it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, `seller_wo_assignation@${COUNTRY}.example`);
  // SPEC 6 keeps the sales route to its rule, so this seller works from /leads.
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/leads');

  // Their list holds only their own leads: no seller filter to empty it with (the status filter is there).
  await expect(page.getByRole('combobox', { name: 'Estado' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Vendedor' })).toHaveCount(0);

  const pool = page.getByRole('region', { name: 'Solicitudes sin asignar' });
  const first = pool.getByTestId('pool-row').first();
  await expect(first).toBeVisible();
  const id = Number((await first.getByRole('cell').first().textContent())!.replace('#', ''));
  // Every notification shown from here on (one may come and go within its 2 s).
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shownAlerts: string[] }).shownAlerts = shown;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) shown.push(alert.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await first.getByRole('button', { name: 'Tomar' }).click();
  await expect(page.getByText(say(`Tomaste la solicitud #${id}`))).toBeVisible();
  // It left the pool and is now in the seller's own list, with its detail open to them.
  await expect(pool.getByRole('cell', { name: `#${id}`, exact: true })).toHaveCount(0);
  // The notification stays long enough to reach its 'Abrir' (past the 2 s default), which opens the detail.
  await page.waitForTimeout(3000);
  // Said once: the realtime echo of their own take ('Se te asignó el lead #…') adds no second toast.
  await expect(page.getByRole('alert').filter({ hasText: `#${id}` })).toHaveCount(1);
  const shown = await page.evaluate(() => (window as unknown as { shownAlerts: string[] }).shownAlerts);
  expect(shown.some((text) => text.includes(say(`Tomaste la solicitud #${id}`)))).toBe(true);
  expect(shown.filter((text) => text.includes(say(`Se te asignó el lead #${id}`)))).toEqual([]);
  await page
    .getByRole('alert')
    .filter({ hasText: say(`Tomaste la solicitud #${id}`) })
    .getByRole('button', { name: 'Abrir' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${id}$`));
  await expect(page.getByText(`Lead #${id}`).first()).toBeVisible();

  // Taking it again (a second tab, a double click) is not "another seller took it": it is already theirs.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const again = await page.request.post(`/api/${COUNTRY}/sales/${id}/take`, { headers: { 'x-xsrf-token': xsrf }, data: {} });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ id });
});
