import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventType } from '@backoffice/shared';
import { Chip, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DateField } from '../../components/date-fields';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { FilterBar } from '../../components/list-filters';
import { securityEventQuerySchema, useSecurityEvents } from '../../features/security-log/api/get-security-events';
import { dateTime } from '../../lib/format';

const typeLabel = (type: string) => SECURITY_EVENT_TYPES[type as SecurityEventType] ?? type;

/** Who: the name with the id the log keeps (a user since deleted from view still shows the id). */
const person = (id: number | null, name: string | null) => (id === null ? '—' : name ? `${name} (${id})` : `#${id}`);

/** The event's details as "key: value" pairs on one line (what route, which list and how many rows…). */
const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');

const severity = (type: string): 'error' | 'warning' | 'default' =>
  type === 'access_denied' || type === 'login_slowed' ? 'error' : type.endsWith('_failure') ? 'warning' : 'default';

const columns: GridColDef<SecurityEvent>[] = [
  {
    field: 'created_at',
    headerName: 'Fecha',
    width: 150,
    valueGetter: (_: unknown, row: SecurityEvent) => dateTime(row.created_at),
  },
  {
    field: 'type',
    headerName: 'Evento',
    width: 250,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" variant="outlined" color={severity(row.type)} label={typeLabel(row.type)} />,
  },
  {
    field: 'user_id',
    headerName: 'Usuario',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueGetter: (_: unknown, row: SecurityEvent) => person(row.user_id, row.user_name),
  },
  {
    field: 'actor_id',
    headerName: 'Hecho por',
    width: 170,
    sortable: false,
    valueGetter: (_: unknown, row: SecurityEvent) => person(row.actor_id, row.actor_name),
  },
  { field: 'ip', headerName: 'Dirección', width: 130, sortable: false },
  {
    field: 'details',
    headerName: 'Detalle',
    flex: 2,
    minWidth: 240,
    sortable: false,
    valueGetter: (_: unknown, row: SecurityEvent) => detailText(row.details),
  },
];

/** An event on a phone: what happened and to whom; when and from where under it. */
const mobileRow = (row: SecurityEvent): MobileRow => ({
  primary: typeLabel(row.type),
  secondary: `${person(row.user_id, row.user_name)} · ${row.ip ?? '—'} · ${dateTime(row.created_at)}`,
});

/** /security-log: the country's security log for admins (issue 40), newest first, filters in the URL, export. */
export default function SecurityLogRoute() {
  const params = useListParams(securityEventQuerySchema);
  const { query, update, reset } = params;
  const list = useSecurityEvents(params.search);
  return (
    <ListScreen<SecurityEvent, typeof query & { sort: string; dir: 'asc' | 'desc' }>
      title="Registro de seguridad"
      plural="eventos"
      singular="evento"
      path="/security-log"
      params={{ ...params, query: { ...query, sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' } }}
      list={list}
      columns={columns}
      mobileRow={mobileRow}
      exportPath="security-events/export"
      testId="security-log"
      noRowsLabel="Ningún evento coincide con los filtros"
      emptyLabel="No hay eventos"
      filters={
        <FilterBar reset={reset}>
          <TextField
            select
            size="small"
            label="Evento"
            value={query.type ?? ''}
            onChange={(e) => update({ type: e.target.value || undefined })}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">Todos</MenuItem>
            {Object.entries(SECURITY_EVENT_TYPES).map(([type, label]) => (
              <MenuItem key={type} value={type}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Id de usuario"
            value={query.user_id ?? ''}
            onChange={(e) => update({ user_id: /^\d+$/.test(e.target.value) ? e.target.value : undefined })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 140 }}
          />
          <TextField
            size="small"
            label="Dirección IP"
            value={query.ip ?? ''}
            onChange={(e) => update({ ip: e.target.value.trim() || undefined })}
            sx={{ width: 160 }}
          />
          <DateField
            label="Desde"
            value={query.from && query.from.length === 10 ? query.from : ''}
            onChange={(value) => update({ from: value || undefined })}
            reportWhenChosen
            size="small"
          />
          <DateField
            label="Hasta"
            value={query.to && query.to.length === 10 ? query.to : ''}
            onChange={(value) => update({ to: value || undefined })}
            reportWhenChosen
            size="small"
          />
        </FilterBar>
      }
    />
  );
}
