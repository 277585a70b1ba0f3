import { Alert } from '@mui/material';
import { DetailScreen } from '../../components/detail-screen';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useManagement } from '../../features/managements/api/get-management';
import { ManagementDetailView } from '../../features/managements/components/management-detail';
import { useApplicationPath } from '../../lib/application-path';

function ManagementView({ id }: { id: number }) {
  const management = useManagement(id);
  const applicationPath = useApplicationPath();
  if (management.isPending) return <LoadingIndicator loading loadingText="Cargando gestión…" />;
  if (management.error) return <Alert severity="error">{management.error.message}</Alert>;
  return <ManagementDetailView detail={management.data} applicationPath={applicationPath} />;
}

/** /daily-management?id=123: one management (SPEC 2: the id in the query string). */
export default function DailyManagementRoute() {
  return (
    <DetailScreen list={{ path: '/daily-managements', label: 'Gestiones diarias' }} record="Gestión" of="de la gestión">
      {(id) => <ManagementView id={id} />}
    </DetailScreen>
  );
}
