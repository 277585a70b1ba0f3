import {
  BAN_KINDS,
  BAN_REASONS,
  BAN_STATES,
  MESSAGE_CHANNELS,
  banListQuerySchema,
  canWrite,
  labelOf,
  type BanRow,
} from '@backoffice/shared';
import { Button, Chip, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DateField } from '../../components/date-fields';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { textColumn, type FittedColumn } from '../../components/fitted-columns';
import { FilterBar, MultiSelect, strings } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { useBanAuthors } from '../../features/customer-bans/api/get-ban-authors';
import { useBans } from '../../features/customer-bans/api/get-bans';
import { BanCreateDialog } from '../../features/customer-bans/components/ban-create-dialog';
import { BanDetailDialog } from '../../features/customer-bans/components/ban-detail-dialog';
import { age, dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

const STATE_COLORS = { active: 'error', scheduled: 'warning', expired: 'default', lifted: 'success' } as const;

/** /customers-ban: customer bans on the list engine; admin, supervisor and ATC create and lift them, operators read. */
export default function CustomersBanRoute() {
  const session = useSession();
  const writes = !!session && canWrite('customers-ban', COUNTRY, session.role);
  const params = useListParams(banListQuerySchema);
  const { query, update, reset } = params;
  const list = useBans(params.search);
  const authors = useBanAuthors();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [text, setText] = useState(query.q ?? '');

  const columns = useMemo<FittedColumn<BanRow>[]>(
    () => [
      {
        field: 'open',
        headerName: '',
        sortable: false,
        width: 90,
        renderCell: ({ row }) => (
          <Button size="small" onClick={() => setShown(row.id)} data-testid={`ban-open-${row.id}`}>
            Ver
          </Button>
        ),
      },
      textColumn({ field: 'id', headerName: 'Id', sortable: true, text: (r) => String(r.id) }),
      textColumn({ field: 'kind', headerName: 'Tipo', sortable: false, text: (r) => labelOf(BAN_KINDS, r.kind) }),
      textColumn({ field: 'value', headerName: 'Valor', sortable: false, text: (r) => r.value }),
      textColumn({
        field: 'channel',
        headerName: 'Alcance',
        sortable: false,
        text: (r) => (r.channel ? `No contactar: ${labelOf(MESSAGE_CHANNELS, r.channel)}` : 'Crédito'),
      }),
      textColumn({ field: 'reason', headerName: 'Motivo', sortable: false, wrap: true, text: (r) => labelOf(BAN_REASONS, r.reason) }),
      {
        ...textColumn<BanRow>({ field: 'state', headerName: 'Estado', sortable: false, text: (r) => labelOf(BAN_STATES, r.state) }),
        renderCell: ({ row }) => <Chip size="small" color={STATE_COLORS[row.state]} label={labelOf(BAN_STATES, row.state)} />,
      },
      textColumn({ field: 'starts_at', headerName: 'Desde', sortable: true, text: (r) => dateTime(r.starts_at) }),
      textColumn({
        field: 'expires_at',
        headerName: 'Vence',
        sortable: true,
        text: (r) => (r.expires_at ? dateTime(r.expires_at) : 'Nunca'),
      }),
      textColumn({ field: 'created_by_name', headerName: 'Creado por', sortable: false, text: (r) => r.created_by_name ?? '' }),
      textColumn({ field: 'stopped', headerName: 'Solicitudes detenidas', sortable: false, text: (r) => String(r.stopped) }),
    ],
    [],
  );

  /** A ban on a phone: the value banned, its state, its kind and reason, since when; "Ver" opens it. */
  const mobileRow = (row: BanRow): MobileRow => ({
    primary: row.value,
    secondary: `${labelOf(BAN_KINDS, row.kind)} · ${labelOf(BAN_REASONS, row.reason)}`,
    status: <Chip size="small" color={STATE_COLORS[row.state]} label={labelOf(BAN_STATES, row.state)} />,
    age: age(row.starts_at),
    action: (
      <Button size="small" onClick={() => setShown(row.id)} data-testid={`ban-open-${row.id}`}>
        Ver
      </Button>
    ),
  });

  return (
    <>
      <ListScreen<BanRow, { page: number; pageSize: number; sort: string; dir: 'asc' | 'desc' }>
        title="Bloqueos de clientes"
        plural="bloqueos"
        singular="bloqueo"
        path="/customers-ban"
        params={{ ...params, query: { ...query, sort: query.sort ?? 'starts_at', dir: query.dir ?? 'desc' } }}
        list={list}
        columns={columns}
        mobileRow={mobileRow}
        exportPath="customer-bans/export"
        actions={
          writes && (
            <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Nuevo bloqueo
            </Button>
          )
        }
        filters={
          <FilterBar reset={reset}>
            <TextField
              size="small"
              label="Buscar valor"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => update({ q: text.trim() || undefined })}
              onKeyDown={(event) => event.key === 'Enter' && update({ q: text.trim() || undefined })}
              sx={{ minWidth: 220 }}
            />
            <MultiSelect
              label="Tipo"
              values={strings(query.kind)}
              options={BAN_KINDS.map((k) => ({ value: k.id, label: k.label }))}
              onChange={(v) => update({ kind: v })}
            />
            <MultiSelect
              label="Motivo"
              values={strings(query.reason)}
              options={BAN_REASONS.map((k) => ({ value: k.id, label: k.label }))}
              onChange={(v) => update({ reason: v })}
            />
            <MultiSelect
              label="Estado"
              values={strings(query.state)}
              options={BAN_STATES.map((k) => ({ value: k.id, label: k.label }))}
              onChange={(v) => update({ state: v })}
            />
            <FormControl size="small" sx={{ minWidth: 170 }}>
              <InputLabel id="filter-scope">Alcance</InputLabel>
              <Select
                labelId="filter-scope"
                label="Alcance"
                value={query.scope ?? ''}
                onChange={(event) => update({ scope: event.target.value || undefined })}
              >
                <MenuItem value="">Todos</MenuItem>
                <MenuItem value="credit">Crédito</MenuItem>
                <MenuItem value="do_not_contact">No contactar</MenuItem>
              </Select>
            </FormControl>
            <MultiSelect
              label="Creado por"
              values={strings(query.created_by)}
              options={(authors.data?.authors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              onChange={(v) => update({ created_by: v })}
            />
            <DateField
              label="Desde"
              value={query.from ?? ''}
              onChange={(v) => update({ from: v || undefined })}
              reportWhenChosen
              size="small"
            />
            <DateField
              label="Hasta"
              value={query.to ?? ''}
              onChange={(v) => update({ to: v || undefined })}
              reportWhenChosen
              size="small"
            />
          </FilterBar>
        }
        noRowsLabel="Ningún bloqueo coincide con los filtros"
        emptyLabel="No hay bloqueos"
        testId="bans"
      />
      <BanCreateDialog open={creating} onClose={() => setCreating(false)} />
      <BanDetailDialog id={shown} canWrite={writes} onClose={() => setShown(null)} />
    </>
  );
}
