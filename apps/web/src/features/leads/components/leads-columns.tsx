import { LEAD_SOURCE_LABELS, type Country, type LeadListItem } from '@backoffice/shared';
import {
  amountColumns,
  customerContactColumns,
  customerNameColumn,
  dataRateColumns,
  dateTimeColumn,
  emailColumn,
  idLinkColumn,
  managementColumn,
  nextCallColumn,
  sellerColumn,
  statusColumn,
  stepColumn,
} from '../../../domain/lead-list-columns';
import { textColumn, type FittedColumn } from '../../../components/fitted-columns';

/** The leads list's columns, in order: col adds its data rate. */
export const leadColumns = (country: Country): FittedColumn<LeadListItem>[] => [
  idLinkColumn('Lead', '/lead-detail'),
  dateTimeColumn('created_at', 'Creado'),
  customerNameColumn,
  statusColumn((status) => status.label),
  stepColumn,
  ...amountColumns,
  ...customerContactColumns,
  emailColumn,
  managementColumn,
  ...dataRateColumns(country),
  nextCallColumn,
  sellerColumn,
  textColumn({ field: 'source', headerName: 'Origen', sortable: false, text: (row) => LEAD_SOURCE_LABELS[row.source] }),
  dateTimeColumn('updated_at', 'Actualizado'),
];
