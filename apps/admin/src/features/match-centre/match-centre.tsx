import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { Link, Title, useCanAccess, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { HttpFailure } from '../../providers/http-client';
import { failureText } from './api';
import { CommandLine } from './command-line';
import { ConnectionBanner } from './connection-banner';
import { currentHalf, draftOf } from './incidents';
import { incidentTitle } from './labels';
import { LineupsPanel } from './lineups';
import { MatchDetails } from './match-details';
import { visuallyHidden } from '@mui/utils';
import { MatchHeader } from './match-header';
import { AlertsSwitch } from './alerts-switch';
import { PresenceChips } from './presence-chips';
import { Timeline } from './timeline';
import { UndoBar, type UndoNotice } from './undo-bar';
import { REMOTE_HIGHLIGHT_MS, useMatchCentre, type RemoteChange } from './use-match-centre';
import type { Incident, IncidentDraft } from './types';

// Charts are heavy: the statistics load when their tab is first opened.
const MatchStatsPanel = lazy(() => import('./match-stats'));

const TABS = ['timeline', 'lineups', 'stats', 'details'] as const;
type TabName = (typeof TABS)[number];

const isTyping = (el: Element | null) =>
  !!el &&
  (el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el as HTMLElement).isContentEditable ||
    el.getAttribute('role') === 'combobox');

function TabPanel({ name, active, children }: { name: TabName; active: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`match-centre-panel-${name}`} aria-labelledby={`match-centre-tab-${name}`} hidden={!active} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}

/** What someone else just did, said once to screen readers and shown for a moment. */
function RemoteActivity({ change }: { change: RemoteChange | null }) {
  const translate = useTranslate();
  // Shown until its moment has passed; a newer change starts its own.
  const [expired, setExpired] = useState<RemoteChange | null>(null);
  useEffect(() => {
    if (!change) return;
    const timer = setTimeout(() => setExpired(change), REMOTE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [change]);
  const visible = change && change !== expired ? change : null;
  const key =
    visible?.action === 'created' ? 'matchCentre.remote.created' : visible?.action === 'deleted' ? 'matchCentre.remote.deleted' : 'matchCentre.remote.updated';
  return (
    <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" data-testid="remote-activity" sx={{ minHeight: '1.5em' }}>
      {visible ? translate(key, { actor: visible.actor, incident: incidentTitle(translate, visible.incident) }) : ''}
    </Typography>
  );
}

/**
 * The match centre (issue 4): what league staff use on a match day. The scoreboard and facts of
 * the match; the incident timeline with a command line; lineups; statistics; and the match's own
 * fields. Two operators on the same match see each other's changes as they happen.
 */
export default function MatchCentre({ id }: { id: string }) {
  const translate = useTranslate();
  const { state, rosters, me, actions } = useMatchCentre(id);
  const { canAccess: canEditIncidents = false } = useCanAccess({ action: 'create', resource: 'incidents' });
  const { canAccess: canEditLineups = false } = useCanAccess({ action: 'create', resource: 'lineups' });
  const { canAccess: canEditMatch = false } = useCanAccess({ action: 'edit', resource: 'matches' });
  const [params, setParams] = useSearchParams();
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabName) : 'timeline';
  const [visited, setVisited] = useState<ReadonlySet<TabName>>(() => new Set([tab]));
  const commandRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<UndoNotice | null>(null);
  const noticeId = useRef(0);
  // The latest incidents for undo callbacks made earlier.
  const incidentsRef = useRef(state.incidents);
  useLayoutEffect(() => {
    incidentsRef.current = state.incidents;
  });

  const setTab = useCallback(
    (next: TabName) => {
      setVisited((v) => (v.has(next) ? v : new Set([...v, next])));
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next === 'timeline') copy.delete('tab');
          else copy.set('tab', next);
          return copy;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const focusCommandLine = useCallback(() => {
    setTab('timeline');
    requestAnimationFrame(() => commandRef.current?.focus());
  }, [setTab]);

  // "/" or "n" anywhere (outside a field) goes to the command line.
  useEffect(() => {
    if (!canEditIncidents) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if ((event.key === '/' || event.key === 'n') && !isTyping(document.activeElement)) {
        event.preventDefault();
        focusCommandLine();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEditIncidents, focusCommandLine]);

  // Every change to the timeline can be undone for a few seconds.
  const show = useCallback((text: string, undo?: () => Promise<unknown>, severity?: 'error') => {
    const noticeNumber = ++noticeId.current;
    const run = undo
      ? () => {
          setNotice(null);
          undo().then(
            () => setNotice({ id: ++noticeId.current, text: translate('matchCentre.undo.done') }),
            (error: unknown) =>
              setNotice({ id: ++noticeId.current, severity: 'error', text: translate('matchCentre.undo.failed', { message: failureText(error, translate) }) }),
          );
        }
      : undefined;
    setNotice({ id: noticeNumber, text, undo: run, severity });
  }, [translate]);

  const ops = useMemo(
    () => ({
      create: async (draft: IncidentDraft): Promise<Incident> => {
        const incident = await actions.createIncident(draft);
        show(translate('matchCentre.undo.created', { incident: incidentTitle(translate, incident) }), () => {
          const current = incidentsRef.current.find((i) => i.id === incident.id) ?? incident;
          return actions.deleteIncident(current);
        });
        return incident;
      },
      update: async (base: Incident, draft: IncidentDraft): Promise<Incident> => {
        const after = await actions.updateIncident(base, draft);
        if (after !== base) {
          show(translate('matchCentre.undo.updated', { incident: incidentTitle(translate, after) }), () => actions.updateIncident(after, draftOf(base)));
        }
        return after;
      },
      remove: async (incident: Incident): Promise<void> => {
        try {
          await actions.deleteIncident(incident);
        } catch (error) {
          show(translate('matchCentre.timeline.deleteFailed', { message: failureText(error, translate) }), undefined, 'error');
          throw error;
        }
        show(translate('matchCentre.undo.deleted', { incident: incidentTitle(translate, incident) }), () => actions.createIncident(draftOf(incident)));
      },
    }),
    [actions, show, translate],
  );

  const { match } = state;
  if (state.matchError) {
    const missing = state.matchError instanceof HttpFailure && state.matchError.status === 404;
    return (
      <Box sx={{ py: 2 }}>
        <Title title={translate('matchCentre.name')} />
        <Alert
          severity="error"
          action={
            <Button component={Link} to="/matches" color="inherit" size="small">
              {translate('matchCentre.backToList')}
            </Button>
          }
        >
          {missing ? translate('matchCentre.notFound') : failureText(state.matchError, translate)}
        </Alert>
      </Box>
    );
  }
  if (!match) {
    return (
      <Box sx={{ py: 2, display: 'grid', gap: 2 }} aria-busy="true">
        <Title title={translate('matchCentre.name')} />
        <Typography sx={visuallyHidden}>{translate('matchCentre.loading')}</Typography>
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }

  const live = state.connection.status === 'connected';
  const statsVersion = state.incidents.map((i) => `${i.id}:${i.updated_at}`).join(',');

  return (
    <Box component="article" sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }} data-testid="match-centre">
      <Title title={translate('matchCentre.title', { home: match.home.name, away: match.away.name })} />
      <Typography component="h1" sx={visuallyHidden}>
        {translate('matchCentre.title', { home: match.home.name, away: match.away.name })}
      </Typography>
      <ConnectionBanner connection={state.connection} />
      <MatchHeader
        match={match}
        aside={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <PresenceChips viewers={state.presence} me={me} />
            <AlertsSwitch match={match} canEdit={canEditMatch} onSave={actions.saveMatch} onStale={actions.reloadMatch} />
            <Chip
              size="small"
              variant="outlined"
              data-testid="live-indicator"
              data-status={state.connection.status}
              icon={<FiberManualRecordIcon sx={{ '&&': { color: live ? 'success.main' : 'text.disabled' } }} fontSize="small" />}
              label={translate(live ? 'matchCentre.connection.live' : 'matchCentre.connection.offline')}
            />
          </Box>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, next: TabName) => setTab(next)} aria-label={translate('matchCentre.tabs.label')} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              id={`match-centre-tab-${name}`}
              aria-controls={`match-centre-panel-${name}`}
              label={translate(`matchCentre.tabs.${name}`)}
              data-testid={`tab-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <TabPanel name="timeline" active={tab === 'timeline'}>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              {canEditIncidents && (
                <CommandLine match={match} rosters={rosters} currentHalf={currentHalf(state.incidents)} inputRef={commandRef} onSubmit={ops.create} />
              )}
              <Box component="section" aria-labelledby="timeline-title">
                <Typography id="timeline-title" component="h2" variant="h6">
                  {translate('matchCentre.timeline.title')}
                </Typography>
                <RemoteActivity change={state.lastRemote} />
                <Timeline
                  incidents={state.incidents}
                  loaded={state.incidentsLoaded}
                  canEdit={canEditIncidents}
                  remote={state.remote}
                  match={match}
                  rosters={rosters}
                  players={state.players}
                  onSave={ops.update}
                  onDelete={ops.remove}
                  onReload={actions.reloadIncident}
                  onFocusCommandLine={() => (canEditIncidents ? commandRef.current?.focus() : undefined)}
                />
              </Box>
            </CardContent>
          </Card>
        </TabPanel>
        <TabPanel name="lineups" active={tab === 'lineups'}>
          {visited.has('lineups') || tab === 'lineups' ? (
            <LineupsPanel
              match={match}
              rosters={state.squadPlayersLoaded ? rosters : null}
              lineups={state.lineups}
              loaded={state.lineupsLoaded}
              canEdit={canEditLineups}
              actions={{
                createLineup: actions.createLineup,
                updateLineup: actions.updateLineup,
                deleteLineup: actions.deleteLineup,
                saveMatch: actions.saveMatch,
              }}
            />
          ) : null}
        </TabPanel>
        <TabPanel name="stats" active={tab === 'stats'}>
          {tab === 'stats' && (
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              <MatchStatsPanel match={match} rosters={rosters} players={state.players} version={statsVersion} />
            </Suspense>
          )}
        </TabPanel>
        {/* Always mounted: typed values survive switching tabs. */}
        <TabPanel name="details" active={tab === 'details'}>
          <MatchDetails match={match} hasIncidents={state.incidents.length > 0} canEdit={canEditMatch} onSave={actions.saveMatch} />
        </TabPanel>
      </Box>
      <UndoBar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}
