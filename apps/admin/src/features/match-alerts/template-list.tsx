import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { visuallyHidden } from '@mui/utils';
import { Link, Title, useCanAccess, useCreatePath, useDataProvider, useGetList, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { defaultTemplate, hasSwitch, kindStates, previewOf, type KindState, type TemplateLanguage } from './templates';

const RESOURCE = 'match_alert_templates';

/** The switch of one kind: on, it is sent; a kind without a row is saved with its defaults. */
function KindSwitch({ state, disabled, onChange }: { state: KindState; disabled: boolean; onChange: (next: boolean) => void }) {
  const translate = useTranslate();
  const name = translate(`resources.${RESOURCE}.choices.kind.${state.kind}`);
  if (!hasSwitch(state.kind)) return <Typography variant="body2">{translate('matchAlerts.always')}</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Switch
        checked={state.enabled}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': translate('matchAlerts.sendKind', { kind: name }) } }}
        data-testid={`alert-switch-${state.kind}`}
      />
      <Typography variant="body2" aria-hidden>
        {translate(state.enabled ? 'matchAlerts.on' : 'matchAlerts.off')}
      </Typography>
    </Box>
  );
}

/**
 * Settings › Match alerts: every kind the match centre sends by itself, in the contract's order,
 * with its switch and what a fan reads (in the screen's language, for the example match). A kind
 * the league never saved shows the defaults the server sends by; switching or editing it saves
 * its row.
 */
export default function MatchAlertTemplateList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const createPath = useCreatePath();
  const { canAccess: canEdit = false } = useCanAccess({ action: 'edit', resource: RESOURCE });
  const { canAccess: canCreate = false } = useCanAccess({ action: 'create', resource: RESOURCE });
  const rows = useGetList<RaRecord>(RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  // The value a switch shows while its change is on the way, by kind.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  // The example in the screen's language (other languages of the screen read the Polish one).
  const [locale] = useLocaleState();
  const lang: TemplateLanguage = locale === 'en' ? 'en' : 'pl';

  const change = async (state: KindState, enabled: boolean) => {
    setPending((p) => ({ ...p, [state.kind]: enabled }));
    try {
      if (state.saved) {
        const previousData = rows.data!.find((r) => r.id === state.id)!;
        await dataProvider.update(RESOURCE, { id: state.id!, data: { enabled }, previousData });
      } else {
        await dataProvider.create(RESOURCE, { data: { ...defaultTemplate(state.kind), enabled } });
      }
      await rows.refetch();
    } catch {
      // The HTTP client has said what went wrong; the switch goes back to what the server has
      // (another person may have saved the kind meanwhile).
      await rows.refetch();
    } finally {
      setPending(({ [state.kind]: _, ...rest }) => rest);
    }
  };

  const states = kindStates(rows.data).map((s) => (s.kind in pending ? { ...s, enabled: pending[s.kind] } : s));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('matchAlerts.title')} />
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {translate('matchAlerts.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate('matchAlerts.intro')}</Typography>
          {rows.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void rows.refetch()}>
                  {translate('ra.action.refresh')}
                </Button>
              }
            >
              {translate('matchAlerts.loadFailed')}
            </Alert>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table aria-labelledby="match-alerts-caption" size="small" data-testid="match-alert-kinds" aria-busy={rows.isPending ? 'true' : undefined}>
                <caption id="match-alerts-caption" style={visuallyHidden}>
                  {translate('matchAlerts.title')}
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">{translate('matchAlerts.columns.kind')}</TableCell>
                    <TableCell component="th" scope="col">{translate('matchAlerts.columns.example')}</TableCell>
                    <TableCell component="th" scope="col">{translate('matchAlerts.columns.sent')}</TableCell>
                    <TableCell component="th" scope="col" align="right">
                      {translate('list.actions')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.isPending
                    ? [0, 1, 2].map((i) => (
                        <TableRow key={i}>
                          <TableCell colSpan={4}>
                            <Skeleton height={40} />
                          </TableCell>
                        </TableRow>
                      ))
                    : states.map((state) => {
                        const name = translate(`resources.${RESOURCE}.choices.kind.${state.kind}`);
                        const preview = previewOf(state, lang);
                        const to = state.saved
                          ? createPath({ resource: RESOURCE, id: state.id, type: 'edit' })
                          : `${createPath({ resource: RESOURCE, type: 'create' })}?kind=${state.kind}`;
                        const canChange = state.saved ? canEdit : canCreate;
                        return (
                          <TableRow key={state.kind} data-kind={state.kind} data-testid="match-alert-kind">
                            <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                              <Typography variant="body2">{translate(`matchAlerts.kinds.${state.kind}`)}</Typography>
                              {!state.saved && <Chip size="small" variant="outlined" label={translate('matchAlerts.defaults')} sx={{ mt: 0.5 }} />}
                            </TableCell>
                            <TableCell lang={lang} sx={{ minWidth: 220 }}>
                              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                {preview.title}
                              </Typography>
                              <Typography variant="body2">{preview.body}</Typography>
                            </TableCell>
                            <TableCell>
                              <KindSwitch state={state} disabled={!canChange || state.kind in pending} onChange={(next) => void change(state, next)} />
                            </TableCell>
                            <TableCell align="right">
                              {canChange && (
                                <Button component={Link} to={to} size="small" startIcon={<EditIcon />} aria-label={translate('matchAlerts.editKind', { kind: name })}>
                                  {translate('ra.action.edit')}
                                </Button>
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
