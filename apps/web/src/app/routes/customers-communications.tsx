import {
  MESSAGE_CHANNELS,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  canWrite,
  findRole,
  labelOf,
  messageListQuerySchema,
  type MessageListQuery,
  type MessageRow,
} from '@backoffice/shared';
import { Button, Chip, FormControl, InputLabel, Link as MuiLink, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../components/date-fields';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { textColumn, type FittedColumn } from '../../components/fitted-columns';
import { FilterBar, MultiSelect, strings } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { useMessages } from '../../features/communications/api/get-messages';
import { useTemplates } from '../../features/communications/api/get-templates';
import { Conversation } from '../../features/communications/components/conversation';
import { TemplatesManagerButton } from '../../features/communications/components/templates-manager';
import { age, dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

const STATUS_COLORS = { queued: 'warning', sent: 'info', delivered: 'success', failed: 'error', received: 'secondary' } as const;

/** A message on a phone: who it is with, its state, its channel and text, when. */
const messageMobileRow = (row: MessageRow): MobileRow => ({
  primary: row.customer_name ?? row.to_address,
  secondary: `${labelOf(MESSAGE_CHANNELS, row.channel)} · ${row.body}`,
  status: <Chip size="small" color={STATUS_COLORS[row.status]} label={labelOf(MESSAGE_STATUSES, row.status)} />,
  age: age(row.created_at),
});

/** `?customer=<id>`: the customer's conversation (opened from a row), chat-like, with the send form under it. */
function ConversationView({ customerId }: { customerId: number }) {
  const session = useSession();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={Link} to="/customers-communications" startIcon={<IconArrowLeft size={18} />}>
          Comunicaciones
        </Button>
        <Typography variant="h5" component="h1">
          Conversación con el cliente
        </Typography>
      </Stack>
      <Conversation customerId={customerId} canSend={!!session && canWrite('customers-communications', COUNTRY, session.role)} />
    </Stack>
  );
}

/** /customers-communications: every message in and out, on the list engine; a row opens its customer's conversation. */
export default function CustomersCommunicationsRoute() {
  const params = useListParams(messageListQuerySchema);
  const { query } = params;
  if (query.customer) return <ConversationView customerId={query.customer} />;
  return <MessagesList params={params} />;
}

function MessagesList({ params }: { params: ReturnType<typeof useListParams<MessageListQuery>> }) {
  const { query, update, reset } = params;
  const session = useSession();
  const list = useMessages(params.search);
  const templates = useTemplates(true);
  const [text, setText] = useState(query.q ?? '');

  const columns = useMemo<FittedColumn<MessageRow>[]>(
    () => [
      textColumn({ field: 'created_at', headerName: 'Fecha', sortable: true, text: (r) => dateTime(r.created_at) }),
      textColumn({ field: 'channel', headerName: 'Canal', sortable: false, text: (r) => labelOf(MESSAGE_CHANNELS, r.channel) }),
      textColumn({ field: 'direction', headerName: 'Dirección', sortable: false, text: (r) => labelOf(MESSAGE_DIRECTIONS, r.direction) }),
      {
        ...textColumn<MessageRow>({
          field: 'status',
          headerName: 'Estado',
          sortable: false,
          text: (r) => labelOf(MESSAGE_STATUSES, r.status),
        }),
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={STATUS_COLORS[row.status]}
            label={labelOf(MESSAGE_STATUSES, row.status)}
            title={row.error ?? undefined}
          />
        ),
      },
      {
        ...textColumn<MessageRow>({
          field: 'customer_name',
          headerName: 'Cliente',
          sortable: false,
          text: (r) => r.customer_name ?? r.to_address,
        }),
        renderCell: ({ row }) =>
          row.customer_id ? (
            <MuiLink component={Link} to={`/customers-communications?customer=${row.customer_id}`}>
              {row.customer_name}
            </MuiLink>
          ) : (
            row.to_address
          ),
      },
      textColumn({ field: 'template_name', headerName: 'Plantilla', sortable: false, text: (r) => r.template_name ?? 'Texto libre' }),
      textColumn({
        field: 'body',
        headerName: 'Mensaje',
        sortable: false,
        wrap: true,
        text: (r) => (r.body.length > 90 ? `${r.body.slice(0, 90)}…` : r.body),
      }),
      textColumn({
        field: 'user_name',
        headerName: 'Usuario',
        sortable: false,
        text: (r) => r.user_name ?? (r.direction === 'in' ? 'Cliente' : 'Sistema'),
      }),
      textColumn({ field: 'error', headerName: 'Error', sortable: false, text: (r) => r.error ?? '' }),
    ],
    [],
  );

  return (
    <ListScreen<MessageRow, { page: number; pageSize: number; sort: string; dir: 'asc' | 'desc' }>
      title="Comunicaciones"
      plural="mensajes"
      singular="mensaje"
      path="/customers-communications"
      params={{ ...params, query: { ...query, sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' } }}
      list={list}
      columns={columns}
      mobileRow={messageMobileRow}
      exportPath="communications/export"
      actions={session && findRole(COUNTRY, session.role)?.kind === 'admin' ? <TemplatesManagerButton /> : undefined}
      filters={
        <FilterBar reset={reset}>
          <TextField
            size="small"
            label="Buscar texto"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => update({ q: text.trim() || undefined })}
            onKeyDown={(event) => event.key === 'Enter' && update({ q: text.trim() || undefined })}
            sx={{ minWidth: 220 }}
          />
          <MultiSelect
            label="Canal"
            values={strings(query.channel)}
            options={MESSAGE_CHANNELS.map((c) => ({ value: c.id, label: c.label }))}
            onChange={(v) => update({ channel: v })}
          />
          <FormControl size="small" sx={{ minWidth: 150 }}>
            <InputLabel id="filter-direction">Dirección</InputLabel>
            <Select
              labelId="filter-direction"
              label="Dirección"
              value={query.direction ?? ''}
              onChange={(event) => update({ direction: event.target.value || undefined })}
            >
              <MenuItem value="">Todas</MenuItem>
              {MESSAGE_DIRECTIONS.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <MultiSelect
            label="Estado"
            values={strings(query.status)}
            options={MESSAGE_STATUSES.map((s) => ({ value: s.id, label: s.label }))}
            onChange={(v) => update({ status: v })}
          />
          <MultiSelect
            label="Plantilla"
            values={strings(query.template)}
            options={(templates.data?.templates ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            onChange={(v) => update({ template: v })}
          />
          <DateField
            label="Desde"
            value={query.from ?? ''}
            onChange={(v) => update({ from: v || undefined })}
            reportWhenChosen
            size="small"
          />
          <DateField label="Hasta" value={query.to ?? ''} onChange={(v) => update({ to: v || undefined })} reportWhenChosen size="small" />
        </FilterBar>
      }
      noRowsLabel="Ningún mensaje coincide con los filtros"
      emptyLabel="No hay mensajes"
      testId="communications"
    />
  );
}
