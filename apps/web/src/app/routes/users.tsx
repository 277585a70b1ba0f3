import { ROLES, type AdminUser } from '@backoffice/shared';
import { Button, Chip, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { FilterBar, SearchBox } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { userQuerySchema, useUsers } from '../../features/users/api/get-users';
import { UserActions } from '../../features/users/components/user-actions';
import { NewUserDialog, SecondFactorRolesDialog } from '../../features/users/components/user-dialogs';
import { dateTime } from '../../lib/format';

const roleLabel = (stored: string) => ROLES[COUNTRY].find((r) => String(r.id) === stored)?.label ?? stored;

const columns: GridColDef<AdminUser>[] = [
  { field: 'id', headerName: 'Id', width: 70, sortable: false },
  { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 180 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 220, sortable: false },
  { field: 'role', headerName: 'Rol', width: 190, sortable: false, valueGetter: (_: unknown, row: AdminUser) => roleLabel(row.role) },
  { field: 'neotel_id', headerName: 'Neotel', width: 90, sortable: false },
  {
    field: 'active',
    headerName: 'Estado',
    width: 190,
    sortable: false,
    renderCell: ({ row }) => (
      <>
        <Chip size="small" label={row.active ? 'Activo' : 'Inactivo'} color={row.active ? 'success' : 'default'} />
        {row.must_change_password && <Chip size="small" label="Debe cambiar contraseña" color="warning" sx={{ ml: 0.5 }} />}
        {row.second_factor && <Chip size="small" label="2 pasos" title="Verificación en dos pasos activada" sx={{ ml: 0.5 }} />}
      </>
    ),
  },
  {
    field: 'last_login_at',
    headerName: 'Último ingreso',
    width: 150,
    sortable: false,
    valueGetter: (_: unknown, row: AdminUser) => (row.last_login_at ? dateTime(row.last_login_at) : '—'),
  },
  { field: 'actions', headerName: 'Acciones', width: 90, sortable: false, renderCell: ({ row }) => <UserActions user={row} /> },
];

/** A user on a phone: name, whether active, role and email; the actions' menu beside. */
const mobileRow = (row: AdminUser): MobileRow => ({
  primary: row.name,
  secondary: `${roleLabel(row.role)} · ${row.email}`,
  status: <Chip size="small" label={row.active ? 'Activo' : 'Inactivo'} color={row.active ? 'success' : 'default'} />,
  action: <UserActions user={row} />,
});

/** /users: the country's users for their administration (SPEC 6's admin route rule); nothing is deleted. */
export default function UsersRoute() {
  const params = useListParams(userQuerySchema);
  const { query, update, reset } = params;
  const list = useUsers(params.search);
  const [creating, setCreating] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  return (
    <>
      <ListScreen<AdminUser, typeof query & { sort: string; dir: 'asc' | 'desc' }>
        title="Usuarios"
        plural="usuarios"
        singular="usuario"
        path="/users"
        params={{ ...params, query: { ...query, sort: query.sort ?? 'name', dir: query.dir ?? 'asc' } }}
        list={list}
        columns={columns}
        mobileRow={mobileRow}
        exportPath="users/export"
        testId="users"
        actions={
          <>
            <Button variant="outlined" startIcon={<IconShieldLock size={18} />} onClick={() => setRolesOpen(true)}>
              Verificación en dos pasos
            </Button>
            <Button variant="contained" startIcon={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
              Nuevo usuario
            </Button>
          </>
        }
        noRowsLabel="No hay usuarios"
        emptyLabel="Ningún usuario coincide con los filtros"
        filters={
          <FilterBar reset={reset}>
            <SearchBox value={query.q ?? ''} onChange={(q) => update({ q: q || undefined })} />
            <TextField
              select
              size="small"
              label="Rol"
              value={query.role ?? ''}
              onChange={(e) => update({ role: e.target.value || undefined })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Todos</MenuItem>
              {ROLES[COUNTRY].map((role) => (
                <MenuItem key={String(role.id)} value={String(role.id)}>
                  {role.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Estado"
              value={query.active === undefined ? '' : String(query.active)}
              onChange={(e) => update({ active: e.target.value || undefined })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">Todos</MenuItem>
              <MenuItem value="true">Activos</MenuItem>
              <MenuItem value="false">Inactivos</MenuItem>
            </TextField>
          </FilterBar>
        }
      />
      <NewUserDialog open={creating} onClose={() => setCreating(false)} />
      {rolesOpen && <SecondFactorRolesDialog onClose={() => setRolesOpen(false)} />}
    </>
  );
}
