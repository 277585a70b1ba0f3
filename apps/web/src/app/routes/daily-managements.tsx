import { seesTeamManagements } from '@backoffice/shared';
import { Alert, Stack } from '@mui/material';
import { useMemo } from 'react';
import { ListScreen } from '../../components/entity-list/list-screen';
import { useListParams } from '../../components/entity-list/use-list-params';
import { COUNTRY } from '../../config/env';
import { managementsParamsSchema, useManagements } from '../../features/managements/api/get-managements';
import { useManagementSummary } from '../../features/managements/api/get-management-summary';
import { managementColumns, managementMobileRow } from '../../features/managements/components/managements-columns';
import { ManagementsFilters } from '../../features/managements/components/managements-filters';
import { ManagementsSummary } from '../../features/managements/components/managements-summary';
import { useApplicationPath } from '../../lib/application-path';
import { useSession } from '../../lib/session';

/**
 * /daily-managements: the day's managements (a seller or collector their own); supervisor, admin and ATC see
 * everyone's, with the team's day summed up above the list.
 */
export default function DailyManagementsRoute() {
  const role = useSession()?.role;
  const team = role !== undefined && seesTeamManagements(COUNTRY, role);
  const params = useListParams(managementsParamsSchema);
  const list = useManagements(params.search);
  const summary = useManagementSummary(params.search, team);
  const applicationPath = useApplicationPath();
  const columns = useMemo(() => managementColumns(applicationPath), [applicationPath]);
  return (
    <Stack spacing={2.5}>
      <ListScreen
        title="Gestiones diarias"
        plural="gestiones"
        singular="gestión"
        path="/daily-managements"
        params={params}
        list={list}
        columns={columns}
        mobileRow={managementMobileRow}
        filters={<ManagementsFilters query={params.query} update={params.update} reset={params.reset} team={team} />}
        exportPath="daily-managements/export"
        rowHref={(row) => `/daily-management?id=${row.id}`}
        noRowsLabel="Ninguna gestión con estos filtros"
        emptyLabel="Ninguna gestión en el período"
        testId="managements"
        summary={
          team &&
          (summary.error ? (
            <Alert severity="error">{summary.error.message}</Alert>
          ) : summary.data ? (
            <ManagementsSummary summary={summary.data} />
          ) : null)
        }
      />
    </Stack>
  );
}
