import { COLLECTION_OUTCOMES, MANAGEMENT_CHANNELS, MANAGEMENT_STATUSES, todayIn, type ManagementListQuery } from '@backoffice/shared';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { DateField } from '../../../components/date-fields';
import { FilterBar, MultiSelect, SearchBox, strings } from '../../../components/list-filters';
import { COUNTRY } from '../../../config/env';
import { useFilterResource } from '../../../lib/filter-resources';
import type { ListPatch } from '../../../components/entity-list/use-list-params';

/** Every result a management may have: the applications' management statuses, then the collection outcomes. */
const RESULT_OPTIONS = [
  ...MANAGEMENT_STATUSES.map((status) => ({ value: status, label: status })),
  ...COLLECTION_OUTCOMES.filter((o) => !(MANAGEMENT_STATUSES as readonly string[]).includes(o.label)).map((o) => ({
    value: o.id,
    label: `${o.label} (cobranza)`,
  })),
];

interface Props {
  query: ManagementListQuery;
  update: (patch: ListPatch<ManagementListQuery>) => void;
  reset: () => void;
  /** Supervisor, admin and ATC filter by user and role; a seller or collector sees only their own. */
  team: boolean;
}

/** The list's filters: the range (today unless chosen, on the country's clock), who, how, what came of it, on what, and the customer. */
export function ManagementsFilters({ query, update, reset, team }: Props) {
  const today = todayIn(COUNTRY);
  const sellers = useFilterResource('sellers');
  const collectors = useFilterResource('collectors');
  const roles = useFilterResource('roles');
  const people = [...sellers, ...collectors].filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
  return (
    <FilterBar reset={reset}>
      <DateField
        label="Desde"
        size="small"
        required
        reportWhenChosen
        max={query.to ?? today}
        value={query.from ?? query.to ?? today}
        onChange={(from) => update({ from })}
      />
      <DateField
        label="Hasta"
        size="small"
        required
        reportWhenChosen
        min={query.from}
        value={query.to ?? (query.from && query.from > today ? query.from : today)}
        onChange={(to) => update({ to })}
      />
      {team && (
        <>
          <MultiSelect
            label="Usuario"
            values={strings(query.user)}
            options={people.map((p) => ({ value: String(p.id), label: p.name }))}
            onChange={(user) => update({ user })}
          />
          <MultiSelect
            label="Rol"
            values={query.role ?? []}
            options={roles.map((r) => ({ value: String(r.id), label: r.label }))}
            onChange={(role) => update({ role })}
            minWidth={150}
          />
        </>
      )}
      <MultiSelect
        label="Canal"
        values={query.channel ?? []}
        options={MANAGEMENT_CHANNELS.map((c) => ({ value: c.id, label: c.label }))}
        onChange={(channel) => update({ channel })}
        minWidth={150}
      />
      <MultiSelect label="Resultado" values={query.result ?? []} options={RESULT_OPTIONS} onChange={(result) => update({ result })} />
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id="filter-subject">Sobre</InputLabel>
        <Select
          labelId="filter-subject"
          label="Sobre"
          value={query.subject ?? ''}
          onChange={(event) => update({ subject: event.target.value || undefined })}
        >
          <MenuItem value="">
            <em>Solicitudes y préstamos</em>
          </MenuItem>
          <MenuItem value="lead">Solicitudes</MenuItem>
          <MenuItem value="loan">Préstamos</MenuItem>
        </Select>
      </FormControl>
      <SearchBox value={query.q ?? ''} onChange={(q) => update({ q })} />
    </FilterBar>
  );
}
