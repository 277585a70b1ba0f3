import {
  adminUserSchema,
  createUserBodySchema,
  okSchema,
  resetPasswordBodySchema,
  secondFactorRolesSchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListQuerySchema,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from '../../lists/routes';
import { userSearchWords, usersList } from '../../lists/users';
import { AccountsService } from '../../services/accounts';
import { SecondFactorService } from '../../services/second-factor';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The row an admin sees, as the list renders it. */
function adminUser(
  row: {
    id: number;
    name: string;
    email: string;
    role: string;
    neotelId: number;
    active: boolean;
    mustChangePassword: boolean;
    version: number;
    createdAt: Date;
  },
  secondFactor: boolean,
) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    neotel_id: row.neotelId,
    active: row.active,
    must_change_password: row.mustChangePassword,
    second_factor: secondFactor,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    last_login_at: null,
  };
}

/**
 * User administration (issue 40) for the admins only (screen 'users', docs/decisions/user-administration.md): the country's users only
 * (another country's id is a 404), each change on the security log. Unlocking is `POST /users/:id/unlock`
 * (routes/country/security.ts).
 */
const userRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const accounts = new AccountsService(app);
  const secondFactor = new SecondFactorService(app);
  const admin = app.authorize('users');

  listRoutes(app, {
    country,
    path: '/users',
    screen: 'users',
    tag: 'users',
    summary: 'Usuarios del país',
    query: userListQuerySchema,
    row: adminUserSchema,
    definition: usersList,
    filters: (q) => ({ words: userSearchWords(q.q), role: q.role || undefined, active: q.active }),
  });

  app.post(
    '/users',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Crea un usuario; cambia su contraseña al ingresar',
        security: SESSION_SECURITY,
        body: createUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => adminUser(await accounts.createUser(country, request.body, { id: signedInUser(request).id, ip: request.ip }), false),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Cambia el rol, el usuario de Neotel o si está activo (desactivar cierra sus sesiones)',
        security: SESSION_SECURITY,
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const row = await accounts.updateUser(country, request.params.id, request.body, { id: signedInUser(request).id, ip: request.ip });
      return adminUser(row, !!(await app.secondFactors.find(row.id))?.confirmedAt);
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Pone una contraseña temporal que el usuario debe cambiar al ingresar; cierra sus sesiones',
        security: SESSION_SECURITY,
        params: userIdParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.resetPassword(country, request.params.id, request.body.password, { id: signedInUser(request).id, ip: request.ip });
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:id/second-factor/reset',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Quita la verificación en dos pasos del usuario (teléfono perdido); cierra sus sesiones',
        security: SESSION_SECURITY,
        params: userIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await secondFactor.reset(country, request.params.id, { id: signedInUser(request).id, ip: request.ip });
      return { ok: true as const };
    },
  );

  app.get(
    '/users/second-factor-roles',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Los tipos de rol que exigen verificación en dos pasos',
        security: SESSION_SECURITY,
        response: { 200: secondFactorRolesSchema, ...errors },
      },
    },
    async () => ({ kinds: await app.secondFactors.requiredKinds(country) }),
  );

  app.put(
    '/users/second-factor-roles',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Cambia los tipos de rol que exigen verificación en dos pasos (sus usuarios la configuran al ingresar)',
        security: SESSION_SECURITY,
        body: secondFactorRolesSchema,
        response: { 200: secondFactorRolesSchema, ...errors },
      },
    },
    async (request) => ({
      kinds: await secondFactor.setRequiredKinds(country, request.body.kinds, { id: signedInUser(request).id, ip: request.ip }),
    }),
  );
};

export default userRoutes;
