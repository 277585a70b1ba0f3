import { ExportButton as ListExportButton } from '../../../components/export-button';

/** The leads export: the generic list export button, pointed at `leads/export`. */
export function ExportButton({ search }: { search: string }) {
  return <ListExportButton path="leads/export" search={search} fallbackName="leads" />;
}
