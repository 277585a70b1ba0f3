import { canAccess, canLead, isSellerOrWoAssignation } from '@backoffice/shared';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ListCountText } from '../../components/list-count';
import { ListError } from '../../components/list-error';
import { ListFiltersFrame } from '../../components/mobile-list';
import { activeFilterCount } from '../../lib/url-state';
import { COUNTRY } from '../../config/env';
import { useLeads } from '../../features/leads/api/get-leads';
import { CreateLeadDialog } from '../../features/leads/components/create-lead-dialog';
import { ExportButton } from '../../features/leads/components/export-button';
import { LeadsFilters } from '../../features/leads/components/leads-filters';
import { LeadsTable } from '../../features/leads/components/leads-table';
import { MassiveListAction } from '../../features/massive/components/massive-list-action';
import { useLeadListParams } from '../../features/leads/hooks/use-lead-list-params';
import { SalesPool } from '../../features/sales/components/sales-pool';
import { rowsOutOfDate } from '../../components/list-state';
import { useRememberListSearch } from '../../lib/list-return';
import { useSession } from '../../lib/session';

export default function LeadsRoute() {
  const session = useSession();
  const { query, search, update, reset } = useLeadListParams();
  // The lead detail's breadcrumb comes back to the list as it is now.
  useRememberListSearch('/leads');
  const leads = useLeads(search);
  const [creating, setCreating] = useState(false);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const count = leads.data?.count;
  // The grid selects the rows it has (disableRowSelectionExcludeModel): the model is always the ids.
  const selectedIds = useMemo(() => [...selection.ids].map(Number), [selection]);

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            Leads
          </Typography>
          <ListCountText
            count={count}
            failed={!!leads.query.error || leads.countFailed}
            plural="leads"
            singular="lead"
            onExactCount={() => update({ exactCount: true })}
            data-testid="leads-count"
          />
        </Box>
        <ExportButton search={search} selection={selectedIds} />
        {session && canAccess('create-massive', COUNTRY, session.role) && <MassiveListAction list="leads" search={search} />}
        {session && canLead('create', COUNTRY, session.role) && (
          <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Nuevo lead
          </Button>
        )}
      </Box>
      {/* Sellers take unassigned applications here (sellers without assignation cannot open /sales: SPEC 6). */}
      {session && isSellerOrWoAssignation(COUNTRY, session.role) && <SalesPool />}
      <ListFiltersFrame active={activeFilterCount(query)}>
        {/* A seller sees only their own leads: a seller filter would only ever empty the list. */}
        <LeadsFilters
          query={query}
          update={update}
          reset={reset}
          sellerFilter={!session || !isSellerOrWoAssignation(COUNTRY, session.role)}
        />
      </ListFiltersFrame>
      <ListError error={leads.query.error} onRetry={() => void leads.query.refetch()} />
      <LeadsTable
        query={query}
        data={leads.data}
        loading={leads.query.isFetching}
        stale={rowsOutOfDate(leads.query)}
        onClearFilters={reset}
        update={update}
        selection={selection}
        onSelectionChange={setSelection}
      />
      <CreateLeadDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
