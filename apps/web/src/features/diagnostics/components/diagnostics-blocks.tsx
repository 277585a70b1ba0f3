import type { DiagnosticsResponse } from '@backoffice/shared';
import { Grid } from '@mui/material';
import { HealthCard } from './health-card';
import { time } from '../../../lib/format';

const DRIVERS = { pglite: 'PGlite (embebida)', postgres: 'PostgreSQL' } as const;
const ADAPTERS = { simulator: 'Simulador', neotel: 'Neotel (HTTP)' } as const;
const ROOMS = { memory: 'En memoria (un nodo)', postgres: 'PostgreSQL LISTEN/NOTIFY' } as const;

const ms = (value: number) => `${value.toLocaleString('es-AR', { maximumFractionDigits: 1 })} ms`;

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}

/**
 * The blocks the server reports: API, database, telephony adapter, realtime bridge and automated stages;
 * with the realtime one, whether this browser's own socket is connected (`browserConnected`).
 */
export function DiagnosticsBlocks({ data, browserConnected }: { data: DiagnosticsResponse; browserConnected: boolean }) {
  const { api, database, telephony, realtime, stages } = data;
  // Disabled on purpose is not a fault; enabled but not attached (the node does not listen) is.
  const realtimeStatus = !realtime.enabled ? 'off' : realtime.attached ? 'ok' : 'error';
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <HealthCard
          id="api"
          title="API"
          status="ok"
          rows={[
            { label: 'Versión', value: api.version },
            { label: 'Build', value: api.build_id ?? 'Sin build web' },
            { label: 'Activo hace', value: uptime(api.uptime_s) },
            { label: 'Verificado', value: time(api.checked_at) },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <HealthCard
          id="database"
          title="Base de datos"
          status={database.ok ? 'ok' : 'error'}
          rows={[
            { label: 'Motor', value: <span data-driver={database.driver}>{DRIVERS[database.driver]}</span> },
            { label: 'Latencia', value: ms(database.latency_ms) },
            { label: 'Detalle', value: database.detail },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <HealthCard
          id="telephony"
          title="Telefonía"
          status={telephony.ok ? 'ok' : 'error'}
          rows={[
            { label: 'Adaptador', value: ADAPTERS[telephony.adapter] },
            { label: 'Latencia', value: ms(telephony.latency_ms) },
            { label: 'Detalle', value: telephony.detail },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <HealthCard
          id="realtime"
          title="Tiempo real"
          status={realtimeStatus}
          rows={[
            { label: 'Estado', value: !realtime.enabled ? 'Desactivado' : realtime.attached ? 'Escuchando' : 'Sin servidor de sockets' },
            { label: 'Ruta', value: realtime.path },
            { label: 'Clientes conectados (este nodo)', value: realtime.clients },
            { label: 'Este navegador', value: browserConnected ? 'Conectado' : 'Sin conexión' },
            { label: 'Distribución', value: ROOMS[realtime.adapter] },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <HealthCard
          id="stages"
          title="Etapas automáticas"
          status={stages.ok ? 'ok' : 'error'}
          rows={[
            { label: 'Adaptador', value: ADAPTERS[stages.adapter] },
            { label: 'Ejecución', value: stages.auto_run ? 'Al llegar a su estado' : 'Solo a mano (WORKFLOW_AUTORUN apagado)' },
            { label: 'Reintentos (este nodo)', value: stages.worker_seconds > 0 ? `Revisa cada ${stages.worker_seconds} s` : 'No revisa' },
            { label: 'Reintentando', value: stages.retrying },
            { label: 'Detenidas', value: stages.stopped },
          ]}
        />
      </Grid>
    </Grid>
  );
}
