import { AUDIT_CLAIM_FILTERS, AUDIT_CLAIM_FILTER_LABELS, auditQueueStatusIds, type AuditQueueQuery } from '@backoffice/shared';
import { Box, Button, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { IconFilterOff } from '@tabler/icons-react';
import { MultiSelect, strings } from '../../../components/list-filters';
import { COUNTRY } from '../../../config/env';
import { useFilterResource } from '../../../lib/filter-resources';
import { auditStatusLabel } from '../audit-status-label';
import type { AuditQueuePatch } from '../hooks/use-audit-queue-params';

/** Audit status (SPEC 3's local "audit statuses" list; none chosen = the queue's two) and who holds the case. */
export function AuditQueueFilters({
  query,
  update,
  reset,
}: {
  query: AuditQueueQuery;
  update: (patch: AuditQueuePatch) => void;
  reset: () => void;
}) {
  const statuses = useFilterResource('audit_statuses');
  const queue = auditQueueStatusIds(COUNTRY);
  // The queue's own states first (AUDITORIA, RE-AUDITORIA: what it shows with none chosen), then the others in
  // the catalogue's order.
  const rank = (id: number) => (queue.includes(id) ? queue.indexOf(id) : queue.length);
  const ordered = [...statuses].sort((a, b) => rank(a.id) - rank(b.id));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <MultiSelect
        label="Estado de auditoría"
        minWidth={220}
        values={strings(query.status)}
        options={ordered.map((s) => ({
          value: String(s.id),
          label: queue.includes(s.id) ? `${auditStatusLabel(s.id)} (en cola)` : auditStatusLabel(s.id),
        }))}
        onChange={(status) => update({ status })}
      />
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id="filter-claim">Toma</InputLabel>
        <Select
          labelId="filter-claim"
          label="Toma"
          value={query.claim}
          onChange={(event) => update({ claim: event.target.value === 'all' ? undefined : event.target.value })}
        >
          {AUDIT_CLAIM_FILTERS.map((claim) => (
            <MenuItem key={claim} value={claim}>
              {AUDIT_CLAIM_FILTER_LABELS[claim]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button onClick={reset} startIcon={<IconFilterOff size={18} />} color="secondary">
        Limpiar filtros
      </Button>
    </Box>
  );
}
