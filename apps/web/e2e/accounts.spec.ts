import { PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES } from '@backoffice/shared';
import { expect, request, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { COUNTRY, PASSWORD, say, signIn, signInAndWait, snapshotOtherTabsOnFailure } from './support';

const OPERATOR_ROLE = COUNTRY === 'arg' ? 5 : 'operator';
const FIRST = 'Tranvía azul de medianoche 47';
const TEMPORARY = 'Girasoles-sobre-el-puente-93';
const CHOSEN = 'Ornitorrinco lúcido 2026!';

/**
 * A user of its own for each test, made by the admin through the API (the demo accounts keep their password for
 * every other spec), with the first password already changed when `ready`.
 */
async function newUser(baseURL: string, ready: boolean): Promise<string> {
  const email = `cuenta.${Date.now()}@${COUNTRY}.example`;
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/api/health');
    const xsrf = async () => ({ 'X-XSRF-TOKEN': (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' });
    const branch_id = COUNTRY === 'arg' ? 1 : 2;
    const admin = await api.post(`/api/${COUNTRY}/auth/login`, {
      data: { email: `admin@${COUNTRY}.example`, password: PASSWORD, branch_id },
      headers: await xsrf(),
    });
    expect(admin.status(), await admin.text()).toBe(200);
    const created = await api.post(`/api/${COUNTRY}/users`, {
      data: { name: 'Prueba Cuentas', email, role: OPERATOR_ROLE, neotel_id: 0, password: FIRST },
      headers: await xsrf(),
    });
    expect(created.status(), await created.text()).toBe(200);
    if (ready) {
      const user = await request.newContext({ baseURL });
      await user.get('/api/health');
      const userXsrf = async () => ({
        'X-XSRF-TOKEN': (await user.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      });
      expect(
        (
          await user.post(`/api/${COUNTRY}/auth/login`, { data: { email, password: FIRST, branch_id }, headers: await userXsrf() })
        ).status(),
      ).toBe(200);
      const changed = await user.post(`/api/${COUNTRY}/auth/password`, {
        data: { current_password: FIRST, new_password: CHOSEN },
        headers: await userXsrf(),
      });
      expect(changed.status(), await changed.text()).toBe(200);
      // Signed out, so the browser sessions of the test are the user's only ones.
      expect((await user.get(`/api/${COUNTRY}/auth/logout`, { headers: await userXsrf() })).status()).toBe(200);
      await user.dispose();
    }
  } finally {
    await api.dispose();
  }
  return email;
}

/** The code an authenticator app holding `secret` shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1', timestamp: Date.now() + steps * 30_000 });

async function openAccount(page: Page) {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible({ timeout: 30_000 });
}

test.describe('accounts and sessions', () => {
  snapshotOtherTabsOnFailure();
  // Two browsers and a user made through the API each: on a busy 2-core machine past the default minute.
  test.setTimeout(150_000);

  test('an admin resets a user’s password; that user signs in and must change it before anything else', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await newUser(baseURL!, true);
    await signIn(page, `admin@${COUNTRY}.example`);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/users?q=${encodeURIComponent(email)}`);
    // A screen's first load, its code fetched and parsed, has taken over 10 s on a loaded machine.
    const slow = { timeout: 30_000 };
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible(slow);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Acciones de Prueba Cuentas' }).click();
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    await page.getByTestId('reset-password-field').fill(TEMPORARY);
    await page.getByRole('button', { name: 'Restablecer', exact: true }).click();
    await expect(page.getByText('Contraseña restablecida')).toBeVisible();
    await expect(row.getByText('Debe cambiar contraseña')).toBeVisible();

    const user = await (await browser.newContext()).newPage();
    await signIn(user, email, TEMPORARY);
    await expect(user).toHaveURL(/\/change-password$/, slow);
    // The shell's screens are out of reach until the password is changed.
    await user.goto('/leads');
    await expect(user).toHaveURL(/\/change-password$/, slow);
    // A reload while the server is slow to say who this is: no shell is shown meanwhile, only the wait.
    await user.route('**/auth/user-info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    await user.goto('/leads');
    await expect(user.getByRole('status')).toBeVisible(slow);
    await user.waitForTimeout(1_000);
    expect(await user.getByRole('button', { name: 'Perfil' }).count(), 'the shell waits for user-info').toBe(0);
    await expect(user).toHaveURL(/\/change-password$/, slow);
    await user.unroute('**/auth/user-info');
    await user.getByTestId('password-current_password').fill(TEMPORARY);
    await user.getByTestId('password-new_password').fill('corta');
    await user.getByTestId('password-repeat').fill('corta');
    await user.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(user.getByText(PASSWORD_MESSAGES[COUNTRY].tooShort)).toBeVisible();
    // The policy is the server's: a name of the user's is refused with its message in the country's voice.
    await user.getByTestId('password-new_password').fill('Prueba-Cuentas-Larga-88');
    await user.getByTestId('password-repeat').fill('Prueba-Cuentas-Larga-88');
    await user.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(user.getByText(PASSWORD_MESSAGES[COUNTRY].personal)).toBeVisible();
    await user.getByTestId('password-new_password').fill('Cuatro lunas y un faro 58');
    await user.getByTestId('password-repeat').fill('Cuatro lunas y un faro 58');
    await user.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(user).toHaveURL(/\/leads$/, slow);
    await expect(user.getByRole('heading', { name: 'Leads' })).toBeVisible(slow);
    await user.context().close();
  });

  test('an admin reads the security log: the user they created, filtered by event, with who did it', async ({ page, baseURL }) => {
    await newUser(baseURL!, false);
    await signInAndWait(page, `admin@${COUNTRY}.example`);
    await page.getByRole('link', { name: 'Seguridad' }).first().click();
    await expect(page.getByRole('heading', { name: 'Registro de seguridad' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: 'Usuario creado' }).click();
    await expect(page).toHaveURL(/type=user_created/);
    const row = page.getByRole('row').filter({ hasText: 'Prueba Cuentas' }).first();
    await expect(row).toContainText('Usuario creado');
    await expect(row).toContainText(`role: ${OPERATOR_ROLE}`);
  });

  test('a minute before the idle timeout the shell asks whether the user is there; staying keeps the session, silence ends it', async ({
    page,
  }) => {
    // The server's default timeout, 30 minutes; the shell warns a minute before (less the server's 15 s of lag).
    await page.clock.install();
    await signInAndWait(page, `operator@${COUNTRY}.example`);
    const dialog = page.getByRole('dialog', { name: say('¿Sigues ahí?') });
    await page.clock.fastForward('28:00');
    await expect(dialog).toBeHidden();
    await page.clock.fastForward('01:00');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(say('Lo que estés escribiendo se guarda como borrador'));
    const stayed = page.waitForResponse((res) => res.url().includes('/auth/user-info') && res.status() === 200);
    await dialog.getByRole('button', { name: 'Seguir conectado' }).click();
    await stayed;
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/\/login/);

    // Nobody answers this time, and the server has ended the session (its 401 stands in here): sign-in again.
    await page.route('**/auth/user-info', (route) =>
      route.fulfill({
        status: 401,
        json: { statusCode: 401, error: 'Unauthorized', message: 'No autenticado', statusMessage: 'No autenticado' },
      }),
    );
    await page.clock.fastForward('29:00');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a user ends another of their sessions from Mi cuenta; that one is signed out', async ({ page, browser, baseURL }) => {
    const email = await newUser(baseURL!, true);
    const other = await (await browser.newContext()).newPage();
    await signIn(other, email, CHOSEN);
    await expect(other).toHaveURL(/\/leads$/);

    await signIn(page, email, CHOSEN);
    await expect(page).toHaveURL(/\/leads$/);
    await openAccount(page);
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Esta sesión' })).toHaveCount(1);
    await rows.filter({ hasNotText: 'Esta sesión' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Sesión cerrada', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(1);

    await other.reload();
    await expect(other).toHaveURL(/\/login$/, { timeout: 30_000 });
    await other.context().close();
  });

  test('a user sets up the second factor from Mi cuenta, then signs in with the password and a code, or a recovery code', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await newUser(baseURL!, true);
    const slow = { timeout: 30_000 };
    await signIn(page, email, CHOSEN);
    await expect(page).toHaveURL(/\/leads$/, slow);
    await openAccount(page);
    const card = page.getByTestId('second-factor-card');
    await expect(card.getByText('Desactivada', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Configurar verificación en dos pasos' }).click();
    await expect(card.getByRole('img', { name: say('Código QR para tu aplicación de autenticación') })).toBeVisible();
    const secret = (await card.getByTestId('second-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The previous step's code (within the window): the current one stays unused for the sign-in below.
    await card.getByTestId('second-factor-enrol-code').fill(codeAt(secret, -1));
    await card.getByRole('button', { name: 'Activar' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await card.getByRole('button', { name: 'Ya guardé los códigos' }).click();
    await expect(card.getByText('Activada', { exact: true })).toBeVisible();
    await expect(card.getByText(say('Te quedan 10 códigos de recuperación'), { exact: false })).toBeVisible();
    await expect(card.getByTestId('second-factor-secret')).toHaveCount(0);

    const other = await (await browser.newContext()).newPage();
    await signIn(other, email, CHOSEN);
    await expect(other).toHaveURL(/\/second-factor$/, slow);
    // Nothing else is reachable before the code.
    await other.goto('/leads');
    await expect(other).toHaveURL(/\/second-factor$/, slow);
    await other.getByTestId('second-factor-code').fill('000000');
    await other.getByRole('button', { name: 'Verificar' }).click();
    await expect(other.getByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    await other.getByTestId('second-factor-code').fill(codeAt(secret));
    await other.getByRole('button', { name: 'Verificar' }).click();
    await expect(other).toHaveURL(/\/leads$/, slow);
    await expect(other.getByRole('heading', { name: 'Leads' })).toBeVisible(slow);
    await other.context().close();

    const third = await (await browser.newContext()).newPage();
    await signIn(third, email, CHOSEN);
    await expect(third).toHaveURL(/\/second-factor$/, slow);
    await third.getByTestId('second-factor-code').fill(recovery);
    await third.getByRole('button', { name: 'Verificar' }).click();
    await expect(third).toHaveURL(/\/leads$/, slow);
    await expect(third.getByText(say('Usaste un código de recuperación: te quedan 9'))).toBeVisible();
    await third.context().close();
  });
});
