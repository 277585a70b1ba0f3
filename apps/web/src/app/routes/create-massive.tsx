import {
  MASSIVE_LIST_LABELS,
  MASSIVE_LISTS,
  MASSIVE_TYPES,
  type MassiveList,
  type MassiveType,
  type MassiveValidation,
} from '@backoffice/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBatchAction, useMassiveCatalogue, useValidateFile, useValidateFromList } from '../../features/massive/api/massive';
import { resolvePath } from '../../lib/api-client';

const isType = (value: string | null): value is MassiveType => (MASSIVE_TYPES as readonly string[]).includes(value ?? '');
const isList = (value: string | null): value is MassiveList => (MASSIVE_LISTS as readonly string[]).includes(value ?? '');
/** The type a batch from this list starts on (the first the list offers). */
const ID_COLUMNS = ['lead_id', 'loan_id'];
const FIRST_TYPE: Record<MassiveList, MassiveType> = { leads: 'reassign-seller', collections: 'assign-collector' };

/**
 * /create-massive: a file (or the rows of a filtered list, `?from=leads|collections&filters=…`) validated first, without
 * changing anything; the report shown and downloadable; then the valid rows applied.
 */
export default function CreateMassiveRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const list = isList(from) ? from : null;
  const fromList = list ? (params.get('filters') ?? '') : null;
  const { data: catalogue } = useMassiveCatalogue();
  const [type, setType] = useState<MassiveType>(
    isType(params.get('type')) ? (params.get('type') as MassiveType) : list ? FIRST_TYPE[list] : 'reassign-seller',
  );
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState('');
  const [delimiter, setDelimiter] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<MassiveValidation | null>(null);
  const validateFile = useValidateFile();
  const validateList = useValidateFromList();
  const action = useBatchAction();
  const entry = catalogue?.types.find((candidate) => candidate.type === type);
  // From a list, the list gives each row's application or loan; the other columns are asked once for all.
  const listColumns = entry?.columns.filter((column) => !ID_COLUMNS.includes(column.name)) ?? [];
  const pending = validateFile.isPending || validateList.isPending;
  const error = validateFile.error ?? validateList.error ?? action.error;

  const validate = () => {
    setResult(null);
    if (list && fromList !== null) validateList.mutate({ type, list, filters: fromList, values }, { onSuccess: setResult });
    else if (file) validateFile.mutate({ type, file, encoding, delimiter }, { onSuccess: setResult });
  };
  const apply = () => {
    if (!result) return;
    action.mutate(
      { id: result.batch.id, action: 'start' },
      { onSuccess: (batch) => void navigate(`/massive-batch-detail?id=${batch.id}`) },
    );
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        Nuevo lote masivo
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField
              select
              label="Operación"
              value={type}
              onChange={(event) => {
                setType(event.target.value as MassiveType);
                setResult(null);
              }}
              sx={{ maxWidth: 420 }}
            >
              {catalogue?.types
                .filter((candidate) => candidate.allowed && (!list || candidate.from_list.includes(list)))
                .map((candidate) => (
                  <MenuItem key={candidate.type} value={candidate.type}>
                    {candidate.label}
                  </MenuItem>
                ))}
            </TextField>
            {fromList !== null ? (
              <>
                <Alert severity="info" data-testid="from-list">
                  Filas: {list && MASSIVE_LIST_LABELS[list].rows} de la lista de {list && MASSIVE_LIST_LABELS[list].title} con sus filtros (
                  {fromList || 'sin filtros'}), hasta 100.000.
                </Alert>
                {listColumns.map((column) => (
                  <TextField
                    key={column.name}
                    label={column.label}
                    helperText={column.rule}
                    required={column.required}
                    value={values[column.name] ?? ''}
                    onChange={(event) => setValues({ ...values, [column.name]: event.target.value })}
                    sx={{ maxWidth: 420 }}
                  />
                ))}
              </>
            ) : (
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <Button variant="outlined" component="label">
                  {file ? file.name : 'Elegir archivo CSV o XLSX'}
                  <input
                    hidden
                    type="file"
                    accept=".csv,.xlsx,text/csv"
                    data-testid="massive-file"
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      setResult(null);
                    }}
                  />
                </Button>
                <TextField
                  select
                  label="Codificación"
                  value={encoding}
                  onChange={(event) => setEncoding(event.target.value)}
                  sx={{ width: 180 }}
                >
                  <MenuItem value="">Detectar</MenuItem>
                  <MenuItem value="utf-8">UTF-8</MenuItem>
                  <MenuItem value="latin1">Latin-1</MenuItem>
                </TextField>
                <TextField
                  select
                  label="Separador"
                  value={delimiter}
                  onChange={(event) => setDelimiter(event.target.value)}
                  sx={{ width: 160 }}
                >
                  <MenuItem value="">Detectar</MenuItem>
                  <MenuItem value=";">;</MenuItem>
                  <MenuItem value=",">,</MenuItem>
                </TextField>
              </Box>
            )}
            <Box>
              <Button variant="contained" onClick={validate} disabled={pending || (fromList === null && !file)}>
                {pending ? 'Validando…' : 'Validar'}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {error && <Alert severity="error">{error.message}</Alert>}
      {result && (
        <Card data-testid="validation-report">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h6" data-testid="validation-counts">
                {result.batch.counts.pending} filas válidas · {result.batch.counts.invalid} inválidas (de {result.batch.counts.total})
              </Typography>
              {result.errors.length > 0 && (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Fila</TableCell>
                      <TableCell>Error</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.errors.map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>{row.error}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button component="a" href={resolvePath(`massive-batches/${result.batch.id}/results?format=csv`)} download>
                  Informe CSV
                </Button>
                <Button component="a" href={resolvePath(`massive-batches/${result.batch.id}/results?format=xlsx`)} download>
                  Informe XLSX
                </Button>
                <Button
                  variant="contained"
                  color="primary"
                  onClick={apply}
                  disabled={result.batch.counts.pending === 0 || action.isPending}
                >
                  Aplicar {result.batch.counts.pending} filas válidas
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
