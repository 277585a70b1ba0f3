import { BUCKETS, PROMISE_STATUSES, type CollectionListQuery, type CollectionSettings } from '@backoffice/shared';
import { TextField } from '@mui/material';
import { DateField } from '../../../components/date-fields';
import { FilterBar, MultiSelect, SearchBox, strings } from '../../../components/list-filters';
import type { ListPatch } from '../../../components/entity-list/use-list-params';

interface Props {
  query: CollectionListQuery;
  update: (patch: ListPatch<CollectionListQuery>) => void;
  reset: () => void;
  settings: CollectionSettings | undefined;
  /** The collector filter, for those who see every collector's loans. */
  showCollector: boolean;
}

const dayCount = (value: string) => (value === '' ? null : value);

/** /collections' filters, all in the URL; the due-date fields open within the configured bounds. */
export function CollectionsFilters({ query, update, reset, settings, showCollector }: Props) {
  return (
    <FilterBar reset={reset}>
      <SearchBox value={query.q ?? ''} onChange={(q) => update({ q: q || null })} />
      <MultiSelect
        label="Tramo"
        values={strings(query.bucket)}
        options={BUCKETS.map((b) => ({ value: b.id, label: b.label }))}
        onChange={(v) => update({ bucket: v })}
      />
      <TextField
        size="small"
        type="number"
        label="Mora desde (días)"
        sx={{ width: 150 }}
        value={query.dpd_min ?? ''}
        onChange={(e) => update({ dpd_min: dayCount(e.target.value) })}
        slotProps={{ htmlInput: { min: 0 } }}
      />
      <TextField
        size="small"
        type="number"
        label="Mora hasta (días)"
        sx={{ width: 150 }}
        value={query.dpd_max ?? ''}
        onChange={(e) => update({ dpd_max: dayCount(e.target.value) })}
        slotProps={{ htmlInput: { min: 0 } }}
      />
      <DateField
        label="Vence desde"
        size="small"
        reportWhenChosen
        value={query.due_from ?? ''}
        min={settings?.due_date_min}
        max={settings?.due_date_max}
        onChange={(v) => update({ due_from: v || null })}
      />
      <DateField
        label="Vence hasta"
        size="small"
        reportWhenChosen
        value={query.due_to ?? ''}
        min={settings?.due_date_min}
        max={settings?.due_date_max}
        onChange={(v) => update({ due_to: v || null })}
      />
      <MultiSelect
        label="Promesa"
        values={strings(query.promise)}
        options={[{ value: 'none', label: 'Sin promesa' }, ...PROMISE_STATUSES.map((p) => ({ value: p.id, label: p.label }))]}
        onChange={(v) => update({ promise: v })}
      />
      <DateField
        label="Próxima acción hasta"
        size="small"
        reportWhenChosen
        value={query.next_action_to ?? ''}
        onChange={(v) => update({ next_action_to: v || null })}
      />
      {showCollector && (
        <MultiSelect
          label="Cobrador"
          values={strings(query.collector)}
          options={[
            { value: '0', label: 'Sin asignar' },
            ...(settings?.collectors ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          onChange={(v) => update({ collector: v })}
        />
      )}
    </FilterBar>
  );
}
