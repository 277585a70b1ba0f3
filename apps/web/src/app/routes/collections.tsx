import { canAccess, collectionListQuerySchema, findRole, type CollectionRow } from '@backoffice/shared';
import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { ListScreen } from '../../components/entity-list/list-screen';
import { useListParams } from '../../components/entity-list/use-list-params';
import { COUNTRY } from '../../config/env';
import { useCollectionSettings } from '../../features/collections/api/get-collection-settings';
import { useCollections } from '../../features/collections/api/get-collections';
import { AssignCollector } from '../../features/collections/components/assign-collector';
import { collectionColumns, collectionMobileRow } from '../../features/collections/components/collections-columns';
import { CollectionsFilters } from '../../features/collections/components/collections-filters';
import { MassiveListAction } from '../../features/massive/components/massive-list-action';
import { count } from '../../lib/format';
import { useSession } from '../../lib/session';

/** /collections: a collector's queue (the day's work first), or every loan in collections for the back office. */
export default function CollectionsRoute() {
  const session = useSession();
  const kind = findRole(COUNTRY, session?.role)?.kind;
  const collector = kind === 'collector';
  const assigner = kind === 'admin' || kind === 'supervisor';
  const params = useListParams(collectionListQuerySchema);
  const list = useCollections(params.search);
  const settings = useCollectionSettings();
  // The server's default order, shown by the grid: a collector's day's work, everyone else's days past due.
  const query = useMemo(
    () => ({
      ...params.query,
      sort: params.query.sort ?? (collector ? 'today' : 'days_past_due'),
      dir: params.query.dir ?? (collector ? 'asc' : 'desc'),
    }),
    [params.query, collector],
  );
  const columns = useMemo(() => collectionColumns(!collector), [collector]);
  const total = list.data?.count;
  return (
    <ListScreen<CollectionRow, typeof query>
      title={collector ? 'Mi cartera' : 'Cobranzas'}
      plural="préstamos"
      singular="préstamo"
      path="/collections"
      params={{ query, search: params.search, update: params.update }}
      list={list}
      columns={columns}
      mobileRow={collectionMobileRow}
      filters={
        <CollectionsFilters
          query={params.query}
          update={params.update}
          reset={params.reset}
          settings={settings.data}
          showCollector={!collector}
        />
      }
      exportPath="collections/export"
      actions={
        assigner && total && total.total > 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {settings.data && (
              <AssignCollector
                collectors={settings.data.collectors}
                target={{ search: params.search, matching: total.exact ? `${count(total.total)}` : `más de ${count(total.total)}` }}
              />
            )}
            {/* A batch over every loan of the filter: assign, or send a communication, with a report per loan. */}
            {session && canAccess('create-massive', COUNTRY, session.role) && (
              <MassiveListAction list="collections" search={params.search} />
            )}
          </Stack>
        ) : undefined
      }
      rowHref={(row) => `/collection-detail?id=${row.id}`}
      noRowsLabel="Ningún préstamo coincide con los filtros"
      emptyLabel="No hay préstamos en cobranza"
      testId="collections"
    />
  );
}
