import { BUCKETS, LOAN_STATUSES, PROMISE_STATUSES, catalogueLabel, type CollectionRow } from '@backoffice/shared';
import { Chip, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router';
import { textColumn, type FittedColumn } from '../../../components/fitted-columns';
import type { MobileRow } from '../../../components/mobile-list';
import { calendarDate, count, dateTime, money } from '../../../lib/format';
import { CELL_FONT, widestTextWidth } from '../../../lib/text-width';

type Column = FittedColumn<CollectionRow>;

/** A loan in collection on a phone: the customer, the loan's status, what is overdue and for how many days. */
export function collectionMobileRow(row: CollectionRow): MobileRow {
  const status = LOAN_STATUSES.find((entry) => entry.id === row.status);
  return {
    primary: row.customer.name,
    secondary: catalogueLabel(BUCKETS, row.bucket),
    status: <Chip size="small" variant="outlined" color={status?.color ?? 'default'} label={status?.label ?? row.status} />,
    amount: money(row.overdue_amount),
    age: `${count(row.days_past_due)} días de mora`,
  };
}

/** The columns of /collections; the collector's column only for those who see everyone's loans. */
export function collectionColumns(showCollector: boolean): Column[] {
  const columns: Column[] = [
    {
      field: 'id',
      headerName: 'Préstamo',
      sortable: false,
      fit: (rows) =>
        widestTextWidth(
          rows.map((row) => `#${row.id}`),
          CELL_FONT,
        ),
      renderCell: ({ row, tabIndex }) => (
        <MuiLink component={Link} to={`/collection-detail?id=${row.id}`} underline="hover" tabIndex={tabIndex}>
          #{row.id}
        </MuiLink>
      ),
    },
    textColumn({ field: 'customer', headerName: 'Cliente', sortable: false, wrap: true, text: (row) => row.customer.name }),
    textColumn({ field: 'doc_number', headerName: 'Documento', sortable: false, text: (row) => row.customer.doc_number }),
    textColumn({ field: 'cellphone', headerName: 'Celular', sortable: false, text: (row) => row.customer.cellphone ?? '' }),
    textColumn({ field: 'days_past_due', headerName: 'Días de mora', text: (row) => count(row.days_past_due) }),
    textColumn({ field: 'bucket', headerName: 'Tramo', sortable: false, text: (row) => catalogueLabel(BUCKETS, row.bucket) }),
    textColumn({ field: 'overdue_amount', headerName: 'Vencido', text: (row) => money(row.overdue_amount) }),
    textColumn({ field: 'outstanding', headerName: 'Saldo', text: (row) => money(row.outstanding) }),
    textColumn({ field: 'due_date', headerName: 'Vencimiento', text: (row) => (row.due_date ? calendarDate(row.due_date) : '') }),
    textColumn({
      field: 'promise_due_on',
      headerName: 'Promesa',
      text: (row) => (row.promise_due_on ? calendarDate(row.promise_due_on) : ''),
    }),
    textColumn({
      field: 'promise_status',
      headerName: 'Estado de promesa',
      sortable: false,
      text: (row) => catalogueLabel(PROMISE_STATUSES, row.promise_status),
    }),
    textColumn({
      field: 'next_action_at',
      headerName: 'Próxima acción',
      text: (row) => (row.next_action_at ? dateTime(row.next_action_at) : ''),
    }),
  ];
  if (showCollector) {
    columns.push(
      textColumn({
        field: 'collector',
        headerName: 'Cobrador',
        sortable: false,
        wrap: true,
        text: (row) => row.collector?.name ?? 'Sin asignar',
      }),
      textColumn({ field: 'assigned_at', headerName: 'Asignado', text: (row) => (row.assigned_at ? dateTime(row.assigned_at) : '') }),
    );
  }
  return columns;
}
