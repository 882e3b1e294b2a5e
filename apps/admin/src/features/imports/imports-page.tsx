import { useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/CloudUpload';
import { useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { JsonApiError } from '../../providers/http-client';
import { HttpFailure } from '../../providers/http-client';
import { ImportFailure, sendImport, undoImport, type CellMatch, type ImportKind, type ImportReport, type RowAction } from './imports-api';
import { formatDateTime } from '../../lib/locale';

const KINDS: ImportKind[] = ['fixtures', 'results', 'clubs', 'squads', 'players'];
const ACTION_COLOURS: Record<RowAction, 'success' | 'info' | 'default' | 'error'> = { create: 'success', update: 'info', skip: 'default', error: 'error' };
/** Rows of the dry run shown at once (the totals count them all). */
const SHOWN_ROWS = 500;

/** An error of the server in the user's language: its key's text and the server's own detail (already translated). */
function ErrorText({ error }: { error: JsonApiError }) {
  const translate = useTranslate();
  const key = error.meta?.key ?? error.code;
  const title = key ? translate(`apiErrors.${key}`, { _: error.title ?? '' }) : error.title;
  return (
    <span>
      <strong>{title}</strong>
      {error.detail ? `: ${error.detail}` : ''}
    </span>
  );
}

/** Choosing a target clears those that lay inside the one it replaces (a stage of another competition season). */
const INSIDE: Record<string, string[]> = { competition_season_id: ['stage_id', 'group_id'], stage_id: ['group_id'], season_id: ['squad_id'] };

/**
 * The targets each kind needs: a competition season, and its stage and group when the file does
 * not fill one (fixtures, results); a season and a competition season (squads); a season and the
 * squad every row joins when the file has no squad column (players).
 */
export function Targets({ kind, targets, onChange }: { kind: ImportKind; targets: Record<string, string>; onChange: (next: Record<string, string>) => void }) {
  const translate = useTranslate();
  const seasons = useGetList('competition_seasons', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const stages = useGetList(
    'stages',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'display_order', order: 'ASC' }, filter: { competition_season: targets.competition_season_id } },
    { enabled: !!targets.competition_season_id },
  );
  const groups = useGetList(
    'groups',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'display_order', order: 'ASC' }, filter: { stage: targets.stage_id } },
    { enabled: !!targets.stage_id && (kind === 'fixtures' || kind === 'results') },
  );
  const plainSeasons = useGetList('seasons', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'DESC' } });
  const squads = useGetList(
    'squads',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: targets.season_id ? { season: targets.season_id } : {} },
    { enabled: kind === 'players' },
  );
  const select = (name: string, label: string, options: { id: string | number; name: string }[], required = false) => (
    <FormControl size="small" sx={{ minWidth: 260 }} required={required}>
      <InputLabel id={`imports-${name}-label`}>{label}</InputLabel>
      <Select
        labelId={`imports-${name}-label`}
        label={label}
        value={targets[name] ?? ''}
        onChange={(event) => onChange({ ...targets, [name]: String(event.target.value), ...Object.fromEntries((INSIDE[name] ?? []).map((inner) => [inner, ''])) })}
      >
        <MenuItem value="">{translate('importsPage.none')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
  const named = (list: { id: string | number; name?: unknown }[] | undefined) => (list ?? []).map((r) => ({ id: r.id, name: String(r.name ?? r.id) }));
  if (kind === 'fixtures' || kind === 'results')
    return (
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {select('competition_season_id', translate('importsPage.targets.competition_season'), named(seasons.data), true)}
        {select('stage_id', translate('importsPage.targets.stage'), named(stages.data))}
        {targets.stage_id && select('group_id', translate('importsPage.targets.group'), named(groups.data))}
      </Stack>
    );
  if (kind === 'squads')
    return (
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {select('season_id', translate('importsPage.targets.season'), named(plainSeasons.data), true)}
        {select('competition_season_id', translate('importsPage.targets.competition_season'), named(seasons.data))}
      </Stack>
    );
  if (kind === 'players')
    return (
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {select('season_id', translate('importsPage.targets.season'), named(plainSeasons.data))}
        {select('squad_id', translate('importsPage.targets.squad'), named(squads.data))}
      </Stack>
    );
  return null;
}

/** The file: a labelled button (keyboard) or a file dropped on the zone. */
function FilePicker({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <Box
      data-testid="imports-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 1, p: 3, textAlign: 'center' }}
    >
      <Typography sx={{ mb: 1 }}>{file ? translate('importsPage.file.chosen', { name: file.name }) : translate('importsPage.file.drop')}</Typography>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
        {translate('importsPage.file.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="imports-file-input"
        aria-label={translate('importsPage.file.choose')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
    </Box>
  );
}

/** A cell naming a record: what it matched, changeable among its candidates (or a new record where the kind makes one). */
function MatchPicker({
  row,
  cell,
  chosen,
  canCreate,
  choices,
  onChoose,
}: {
  row: number;
  cell: CellMatch;
  chosen: string | undefined;
  canCreate: boolean;
  choices: { id: string; label: string }[];
  onChoose: (id: string | null) => void;
}) {
  const translate = useTranslate();
  const options = useMemo(() => {
    // The nearest first, then every record of the type (typing filters them).
    const list = [...cell.candidates];
    if (cell.record && !list.some((c) => c.id === cell.record!.id)) list.unshift(cell.record);
    for (const c of choices) if (!list.some((o) => o.id === c.id)) list.push(c);
    if (canCreate) list.push({ id: 'new', label: translate('importsPage.matches.new') });
    return list;
  }, [cell, canCreate, choices, translate]);
  const found = options.find((o) => o.id === (chosen ?? cell.record?.id ?? (cell.status === 'new' ? 'new' : '')));
  // A copy, so that picking the record it was taken to be (confirming a guess) counts as a choice.
  const current = found ? { ...found } : null;
  const label = translate('importsPage.matches.label', { row, column: cell.column, value: cell.value });
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      value={current}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, value) => onChoose(value ? value.id : null)}
      renderInput={(params) => <TextField {...params} label={`${cell.column}: ${cell.value}`} inputProps={{ ...params.inputProps, 'aria-label': label }} />}
    />
  );
}

interface ImportRecord {
  id: string;
  kind: string;
  status: string;
  file_name: string | null;
  created_at: string;
  summary: Record<string, { created: number; updated: number; skipped: number }> | null;
}

function History() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data, isPending, refetch } = useGetList<ImportRecord>('imports', { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' } });
  const [confirm, setConfirm] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<JsonApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const undo = async (id: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await undoImport(id);
      await queryClient.invalidateQueries();
      await refetch();
    } catch (error) {
      const first = error instanceof HttpFailure ? error.errors[0] : undefined;
      setRefusal(first ?? { detail: String(error) });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="imports-history-title">
      <Typography variant="h6" component="h2" id="imports-history-title" sx={{ mb: 1 }}>
        {translate('importsPage.history.title')}
      </Typography>
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="imports-undo-refused">
          <ErrorText error={refusal} />
        </Alert>
      )}
      {isPending ? (
        <LinearProgress aria-label={translate('importsPage.history.loading')} />
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate('importsPage.history.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="imports-history-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.imports.fields.created_at')}</TableCell>
                <TableCell>{translate('resources.imports.fields.kind')}</TableCell>
                <TableCell>{translate('resources.imports.fields.file_name')}</TableCell>
                <TableCell>{translate('resources.imports.fields.summary')}</TableCell>
                <TableCell>{translate('resources.imports.fields.status')}</TableCell>
                <TableCell>{translate('importsPage.history.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((record) => {
                const summary = record.summary ?? {};
                return (
                  <TableRow key={record.id} data-testid={`import-${record.id}`}>
                    <TableCell>{formatDateTime(record.created_at)}</TableCell>
                    <TableCell>{translate(`resources.imports.choices.kind.${record.kind}`)}</TableCell>
                    <TableCell>{record.file_name ?? ''}</TableCell>
                    <TableCell>
                      {Object.entries(summary)
                        .map(([type, c]) => translate('importsPage.history.counts', { type: translate(`resources.${type}.name`, { smart_count: 2 }), created: c.created, updated: c.updated }))
                        .join('; ')}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={record.status === 'undone' ? 'default' : 'success'} label={translate(`resources.imports.choices.status.${record.status}`)} />
                    </TableCell>
                    <TableCell>
                      {record.status === 'committed' && (
                        <Button size="small" color="error" onClick={() => setConfirm(record.id)}>
                          {translate('importsPage.history.undo')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="imports-undo-title">
        <DialogTitle id="imports-undo-title">{translate('importsPage.history.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('importsPage.history.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => confirm && void undo(confirm)}>
            {translate('importsPage.history.undo')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/**
 * Imports (issue 26): choose what and where, drop a CSV or XLSX, check the columns and the dry
 * run (per row what will be created, updated or skipped, each name's record changeable, every
 * problem at its row and column), commit with a progress bar, and undo from the history.
 */
export default function ImportsPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Opened from a competition season or a squad: `?kind=fixtures&competition_season_id=…`, `?kind=players&season_id=…&squad_id=…`.
  const [params] = useSearchParams();
  const [kind, setKind] = useState<ImportKind>(() => (KINDS as string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as ImportKind) : 'fixtures');
  const [targets, setTargets] = useState<Record<string, string>>(() =>
    Object.fromEntries(['competition_season_id', 'stage_id', 'group_id', 'season_id', 'squad_id'].flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : []))),
  );
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [mapping, setMapping] = useState<Record<string, string> | undefined>(undefined);
  const [matches, setMatches] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<JsonApiError[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<Record<string, { created: number; updated: number; skipped: number }> | null>(null);
  const [historyKey, setHistoryKey] = useState(0);

  const step = done ? 3 : report ? 2 : file ? 1 : 0;
  const request = (nextMapping = mapping, nextMatches = matches) => ({ kind, file: file!, mapping: nextMapping, matches: nextMatches, targets });

  const check = async (nextMapping = mapping, nextMatches = matches) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const res = await sendImport(request(nextMapping, nextMatches), true, setProgress);
      const next = res.body.data.attributes as unknown as ImportReport;
      setReport(next);
      setMapping(next.mapping);
    } catch (error) {
      setReport(null);
      setFailure(error instanceof ImportFailure ? (error.errors.length ? error.errors : [{ detail: error.message }]) : [{ detail: String(error) }]);
    } finally {
      setProgress(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const res = await sendImport(request(), false, setProgress);
      setDone(res.body.data.attributes.summary as Record<string, { created: number; updated: number; skipped: number }>);
      setHistoryKey((k) => k + 1);
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(error instanceof ImportFailure ? error.errors : [{ detail: String(error) }]);
    } finally {
      setProgress(null);
    }
  };

  const restart = () => {
    setFile(null);
    setReport(null);
    setMapping(undefined);
    setMatches({});
    setFailure(null);
    setDone(null);
  };

  const canCreate = (type: string) => (kind === 'clubs' && type === 'clubs');
  const shownRows = report?.rows.slice(0, SHOWN_ROWS) ?? [];

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('importsPage.title')}
      </Typography>
      <Typography color="text.secondary">{translate('importsPage.intro')}</Typography>
      <Stepper activeStep={step} aria-label={translate('importsPage.steps.label')}>
        {(['choose', 'check', 'commit', 'done'] as const).map((s) => (
          <Step key={s}>
            <StepLabel>{translate(`importsPage.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      <Paper sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="imports-choose-title">
        <Typography variant="h6" component="h2" id="imports-choose-title">
          {translate('importsPage.choose.title')}
        </Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id="imports-kind-label">{translate('resources.imports.fields.kind')}</InputLabel>
            <Select
              labelId="imports-kind-label"
              label={translate('resources.imports.fields.kind')}
              value={kind}
              data-testid="imports-kind"
              onChange={(event) => {
                setKind(event.target.value);
                setReport(null);
                setMapping(undefined);
                setMatches({});
              }}
            >
              {KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`resources.imports.choices.kind.${k}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        <Targets kind={kind} targets={targets} onChange={setTargets} />
        <FilePicker
          file={file}
          onFile={(f) => {
            setFile(f);
            setReport(null);
            setMapping(undefined);
            setMatches({});
            setDone(null);
          }}
        />
        <Box>
          <Button variant="contained" disabled={!file || progress !== null} onClick={() => void check()}>
            {translate('importsPage.check')}
          </Button>
        </Box>
      </Paper>

      {progress !== null && (
        <Box>
          <Typography variant="body2" id="imports-progress-label">
            {progress < 1 ? translate('importsPage.progress.upload', { percent: Math.round(progress * 100) }) : translate('importsPage.progress.server')}
          </Typography>
          <LinearProgress aria-labelledby="imports-progress-label" variant={progress < 1 ? 'determinate' : 'indeterminate'} value={Math.round(progress * 100)} />
        </Box>
      )}

      {failure && (
        <Alert severity="error" role="alert" data-testid="imports-failure">
          <Typography component="p" sx={{ mb: 1 }}>
            {translate('importsPage.failed', { smart_count: failure.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {failure.slice(0, 50).map((e, i) => (
              <li key={i}>
                <ErrorText error={e} />
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {done && (
        <Alert
          severity="success"
          role="status"
          data-testid="imports-done"
          action={
            <Button color="inherit" size="small" onClick={restart}>
              {translate('importsPage.again')}
            </Button>
          }
        >
          {Object.entries(done)
            .map(([type, c]) => translate('importsPage.history.counts', { type: translate(`resources.${type}.name`, { smart_count: 2 }), created: c.created, updated: c.updated }))
            .join('; ')}
        </Alert>
      )}

      {report && !done && (
        <>
          <Paper sx={{ p: 2 }} component="section" aria-labelledby="imports-mapping-title">
            <Typography variant="h6" component="h2" id="imports-mapping-title" sx={{ mb: 1 }}>
              {translate('importsPage.mapping.title')}
            </Typography>
            {report.mapping_errors.map((e, i) => (
              <Alert key={i} severity="warning" sx={{ mb: 1 }}>
                <ErrorText error={e} />
              </Alert>
            ))}
            <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
              {report.headers.map((header) => (
                <FormControl key={header} size="small" sx={{ minWidth: 180 }}>
                  <InputLabel id={`imports-map-${header}`}>{header}</InputLabel>
                  <Select
                    labelId={`imports-map-${header}`}
                    label={header}
                    value={mapping?.[header] ?? ''}
                    onChange={(event) => {
                      const next = { ...(mapping ?? {}), [header]: String(event.target.value) };
                      setMapping(next);
                      void check(next);
                    }}
                  >
                    <MenuItem value="">{translate('importsPage.mapping.skip')}</MenuItem>
                    {report.fields.map((f) => (
                      <MenuItem key={f.name} value={f.name}>
                        {translate(`importsPage.fields.${f.name}`)}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              ))}
            </Stack>
          </Paper>

          <Paper sx={{ p: 2 }} component="section" aria-labelledby="imports-report-title">
            <Typography variant="h6" component="h2" id="imports-report-title">
              {translate('importsPage.report.title')}
            </Typography>
            <Typography sx={{ mb: 1 }} data-testid="imports-totals">
              {translate('importsPage.report.totals', report.totals)}
            </Typography>
            <TableContainer sx={{ maxHeight: 560 }}>
              <Table size="small" stickyHeader aria-labelledby="imports-report-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('importsPage.report.row')}</TableCell>
                    <TableCell>{translate('importsPage.report.action')}</TableCell>
                    <TableCell>{translate('importsPage.report.record')}</TableCell>
                    <TableCell>{translate('importsPage.report.matches')}</TableCell>
                    <TableCell>{translate('importsPage.report.problems')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shownRows.map((r) => (
                    <TableRow key={r.row} data-testid={`imports-row-${r.row}`}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>
                        <Chip size="small" color={ACTION_COLOURS[r.action]} label={translate(`importsPage.actions.${r.action}`)} />
                      </TableCell>
                      <TableCell>
                        {r.record.label}
                        {Object.keys(r.changes).length > 0 && (
                          <Typography variant="caption" component="div" color="text.secondary">
                            {Object.entries(r.changes)
                              .map(([k, v]) => `${k}: ${String(v)}`)
                              .join(', ')}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Stack spacing={1}>
                          {r.matches
                            .filter((m) => m.status !== 'exact' || matches[`${r.row}:${m.column}`] !== undefined)
                            .map((m) => (
                              <MatchPicker
                                key={m.column}
                                row={r.row}
                                cell={m}
                                canCreate={canCreate(m.type)}
                                choices={report.choices?.[m.type] ?? []}
                                chosen={matches[`${r.row}:${m.column}`]}
                                onChoose={(id) => {
                                  const next = { ...matches };
                                  if (id) next[`${r.row}:${m.column}`] = id;
                                  else delete next[`${r.row}:${m.column}`];
                                  setMatches(next);
                                  void check(mapping, next);
                                }}
                              />
                            ))}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        {[...r.errors.map((e) => ({ e, severity: 'error' as const })), ...r.warnings.map((e) => ({ e, severity: 'warning' as const }))].map(({ e, severity }, i) => (
                          <Alert key={i} severity={severity} sx={{ py: 0, mb: 0.5 }} data-testid={`imports-${severity}`}>
                            <ErrorText error={e} />
                          </Alert>
                        ))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {report.rows.length > SHOWN_ROWS && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('importsPage.report.more', { count: report.rows.length - SHOWN_ROWS })}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <Button variant="contained" color="primary" disabled={progress !== null || report.totals.error > 0 || report.mapping_errors.length > 0} onClick={() => void commit()}>
                {translate('importsPage.commit', { smart_count: report.totals.create + report.totals.update })}
              </Button>
              <Button onClick={restart}>{translate('ra.action.cancel')}</Button>
            </Stack>
          </Paper>
        </>
      )}
      <History key={historyKey} />
    </Box>
  );
}
