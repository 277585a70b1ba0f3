import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useDiagnostics } from '../../features/diagnostics/api/get-diagnostics';
import { DiagnosticsBlocks } from '../../features/diagnostics/components/diagnostics-blocks';
import { TestCallForm } from '../../features/diagnostics/components/test-call-form';
import { useRealtimeConnected } from '../../lib/socket';

/** /test: the integrations' health as the API node sees it, and a test call through the telephony adapter. */
export default function TestRoute() {
  const diagnostics = useDiagnostics();
  const { refetch } = diagnostics;
  // Opened directly, the page asks before this browser's own socket has connected: the count of clients
  // would leave it out. Each time the socket connects or drops, the server is asked again.
  const browserConnected = useRealtimeConnected();
  const seen = useRef(browserConnected);
  useEffect(() => {
    if (seen.current === browserConnected) return;
    seen.current = browserConnected;
    void refetch();
  }, [browserConnected, refetch]);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Box>
          <Typography variant="h4" component="h1">
            Diagnóstico
          </Typography>
          <Typography color="text.secondary">Estado de la API, la base de datos, la telefonía y el puente en tiempo real.</Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<IconRefresh size={18} />}
          onClick={() => void diagnostics.refetch()}
          loading={diagnostics.isFetching}
          aria-busy={diagnostics.isFetching}
        >
          Actualizar
        </Button>
      </Stack>
      {diagnostics.isPending && <LoadingIndicator loading loadingText="Verificando…" />}
      {diagnostics.error && (
        <Alert severity="error" data-testid="diag-error">
          {diagnostics.error.message}
        </Alert>
      )}
      {diagnostics.data && <DiagnosticsBlocks data={diagnostics.data} browserConnected={browserConnected} />}
      <TestCallForm />
    </Stack>
  );
}
