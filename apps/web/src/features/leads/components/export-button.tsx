import { ExportButton as ListExportButton } from '../../../components/export-button';

/** The leads export: the generic list export button, pointed at `leads/export`. */
export function ExportButton({ search, selection }: { search: string; selection: number[] }) {
  return <ListExportButton path="leads/export" search={search} fallbackName="leads" selection={selection} />;
}
