import { MANAGEMENT_CHANNELS, ROLES, catalogueLabel, managementResultLabel, type ManagementRow } from '@backoffice/shared';
import { Chip, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router';
import { textColumn, type FittedColumn } from '../../../components/fitted-columns';
import type { MobileRow } from '../../../components/mobile-list';
import { COUNTRY } from '../../../config/env';
import { age, dateTime } from '../../../lib/format';
import { CELL_FONT, widestTextWidth } from '../../../lib/text-width';

type Column = FittedColumn<ManagementRow>;

/** A role as users stored it (its id as text: arg '2', col 'seller') by its label. */
export const roleLabel = (role: string | null) => (role === null ? '' : (ROLES[COUNTRY].find((r) => String(r.id) === role)?.label ?? role));

/** Where an application opens for the signed-in user (lib/application-path). */
export type ApplicationPath = (id: number) => string;

/** What a management was on, and where it opens: an application where the user works it, a loan on its collection detail. */
export function subjectOf(
  row: Pick<ManagementRow, 'lead_id' | 'loan_id'>,
  applicationPath: ApplicationPath,
): { label: string; href: string } | null {
  if (row.loan_id !== null) return { label: `Préstamo #${row.loan_id}`, href: `/collection-detail?id=${row.loan_id}` };
  if (row.lead_id !== null) return { label: `Solicitud #${row.lead_id}`, href: applicationPath(row.lead_id) };
  return null;
}

/** A management on a phone: the customer (or who made it), its result, the channel and when. */
export function managementMobileRow(row: ManagementRow): MobileRow {
  return {
    primary: row.customer ? `${row.customer.last_name}, ${row.customer.first_name}` : (row.user?.name ?? 'Sistema'),
    secondary: catalogueLabel(MANAGEMENT_CHANNELS, row.channel),
    status: <Chip size="small" variant="outlined" label={managementResultLabel(row.result)} />,
    age: age(row.created_at),
  };
}

export function managementColumns(applicationPath: ApplicationPath): Column[] {
  return [
    {
      field: 'id',
      headerName: 'Gestión',
      sortable: false,
      fit: (rows) =>
        widestTextWidth(
          rows.map((row) => `#${row.id}`),
          CELL_FONT,
        ),
      renderCell: ({ row, tabIndex }) => (
        <MuiLink component={Link} to={`/daily-management?id=${row.id}`} underline="hover" tabIndex={tabIndex}>
          #{row.id}
        </MuiLink>
      ),
    },
    textColumn({ field: 'created_at', headerName: 'Fecha', text: (row) => dateTime(row.created_at) }),
    textColumn({ field: 'user', headerName: 'Usuario', sortable: false, text: (row) => row.user?.name ?? 'Sistema', wrap: true }),
    textColumn({ field: 'role', headerName: 'Rol', sortable: false, text: (row) => roleLabel(row.role) }),
    textColumn({
      field: 'customer',
      headerName: 'Cliente',
      sortable: false,
      flex: 1,
      wrap: true,
      text: (row) => (row.customer ? `${row.customer.last_name}, ${row.customer.first_name} (${row.customer.doc_number})` : ''),
    }),
    {
      ...textColumn<ManagementRow>({
        field: 'subject',
        headerName: 'Sobre',
        sortable: false,
        text: (row) => subjectOf(row, applicationPath)?.label ?? '',
      }),
      renderCell: ({ row, tabIndex }) => {
        const subject = subjectOf(row, applicationPath);
        return subject ? (
          <MuiLink component={Link} to={subject.href} underline="hover" tabIndex={tabIndex}>
            {subject.label}
          </MuiLink>
        ) : null;
      },
    },
    textColumn({ field: 'channel', headerName: 'Canal', sortable: false, text: (row) => catalogueLabel(MANAGEMENT_CHANNELS, row.channel) }),
    textColumn({ field: 'result', headerName: 'Resultado', sortable: false, wrap: true, text: (row) => managementResultLabel(row.result) }),
    textColumn({
      field: 'next_action_at',
      headerName: 'Próxima acción',
      sortable: false,
      text: (row) => (row.next_action_at ? dateTime(row.next_action_at) : ''),
    }),
    textColumn({ field: 'note', headerName: 'Nota', sortable: false, wrap: true, text: (row) => row.note ?? '' }),
  ];
}
