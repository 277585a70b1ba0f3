import { canAccess, searcherQuerySchema } from '@backoffice/shared';
import { Alert, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useSearchCustomers } from '../../features/searcher/api/search-customers';
import { SearcherResults } from '../../features/searcher/components/searcher-results';
import { COUNTRY } from '../../config/env';
import { useSession } from '../../lib/session';
import { say } from '../../lib/voice';

/** How long typing pauses before the URL (and so the search) follows the text. */
const DEBOUNCE_MS = 300;

/** /searcher?q=…: customers by document, CUIL (arg), cellphone, email or name; the text lives in the URL. */
export default function SearcherRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [urlText, setUrlText] = useState(q);

  // The URL wins when it changes from outside (navbar search, back/forward): adjusted while rendering,
  // as React recommends for state derived from a prop.
  if (q !== urlText) {
    setUrlText(q);
    setText(q);
  }

  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => setParams(text.trim() ? { q: text } : {}, { replace: true }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const parsed = searcherQuerySchema.safeParse({ q });
  const results = useSearchCustomers(q, parsed.success);
  const reason = q.trim() && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const problem = reason ? say(reason) : undefined;

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        Buscador de clientes
      </Typography>
      <TextField
        autoFocus
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`Documento, ${COUNTRY === 'arg' ? 'CUIL, ' : ''}celular, email o nombre (basta con una parte)`}
        error={Boolean(problem)}
        helperText={problem ?? ' '}
        slotProps={{
          htmlInput: { 'aria-label': 'Buscar clientes' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <IconSearch size={20} />
              </InputAdornment>
            ),
          },
        }}
      />
      {!q.trim() && <Typography color="text.secondary">{say('Escribe al menos 3 letras o números para buscar.')}</Typography>}
      {results.isFetching && !results.data && <LoadingIndicator loading loadingText="Buscando…" />}
      {results.error && <Alert severity="error">{results.error.message}</Alert>}
      {parsed.success && results.data && (
        <SearcherResults data={results.data} q={q} leadsLinked={!!session && canAccess('leads', COUNTRY, session.role)} />
      )}
    </Stack>
  );
}
