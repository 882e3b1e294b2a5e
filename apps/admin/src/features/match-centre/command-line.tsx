import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Box, IconButton, Popover, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import { useTranslate } from 'react-admin';
import { HELP_ROWS, parseCommand, type ParsedCommand } from './command-parser';
import { describeCommand } from './describe';
import { failureText } from './api';
import type { TeamRoster } from './rosters';
import type { IncidentDraft, MatchInfo, Side } from './types';

export function draftFromCommand(command: ParsedCommand, match: MatchInfo): IncidentDraft {
  return {
    incident_type: command.incident_type,
    occurrence_half: command.half,
    occurrence_minute: command.minute,
    stoppage_minute: command.stoppage,
    squad_id: command.side ? match[command.side === 'home' ? 'home_squad_id' : 'away_squad_id'] : null,
    player_id: command.player?.playerId ?? null,
    related_player_id: command.related?.playerId ?? null,
  };
}

interface CommandLineProps {
  match: MatchInfo;
  rosters: Record<Side, TeamRoster> | null;
  currentHalf: number;
  inputRef: RefObject<HTMLInputElement | null>;
  onSubmit: (draft: IncidentDraft) => Promise<unknown>;
}

/**
 * Keyboard-first entry: one line per incident ("g 9 23"), a live preview of what Enter adds,
 * and the server's answer in place. Tab switches the team used when the line names none.
 */
export function CommandLine({ match, rosters, currentHalf, inputRef, onSubmit }: CommandLineProps) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const [side, setSide] = useState<Side>('home');
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [helpAnchor, setHelpAnchor] = useState<HTMLElement | null>(null);
  const history = useRef<string[]>([]);
  const historyIndex = useRef(-1);
  const ids = { hint: useId(), status: useId(), help: useId() };

  const result = useMemo(
    () =>
      value.trim() && rosters
        ? parseCommand(value, { defaultSide: side, rosters: { home: rosters.home.entries, away: rosters.away.entries }, currentHalf })
        : null,
    [value, side, rosters, currentHalf],
  );

  const errorText = (error: { key: string; params?: Record<string, string | number> }) => {
    const params: Record<string, unknown> = { ...error.params };
    if (typeof params.side === 'string') params.team = match[params.side as Side].name;
    return translate(error.key, params);
  };

  async function submit() {
    if (busy || !result) return;
    if (!result.ok) return;
    setBusy(true);
    setServerError(null);
    const preview = describeCommand(translate, result.command, match);
    try {
      await onSubmit(draftFromCommand(result.command, match));
      history.current = [value, ...history.current.filter((h) => h !== value)].slice(0, 20);
      historyIndex.current = -1;
      setValue('');
      setAdded(translate('matchCentre.command.added', { summary: preview }));
    } catch (error) {
      setServerError(failureText(error, translate));
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Tab switches the team; Shift+Tab and Escape leave the field.
      event.preventDefault();
      setSide((s) => (s === 'home' ? 'away' : 'home'));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (value) setValue('');
      else inputRef.current?.blur();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const list = history.current;
      if (!list.length) return;
      event.preventDefault();
      const next = event.key === 'ArrowUp' ? Math.min(historyIndex.current + 1, list.length - 1) : historyIndex.current - 1;
      historyIndex.current = next;
      setValue(next < 0 ? '' : list[next]);
    }
  }

  let status: { text: string; tone: 'preview' | 'error' | 'done' | 'idle' } = { text: translate('matchCentre.command.idle'), tone: 'idle' };
  if (serverError) status = { text: serverError, tone: 'error' };
  else if (result?.ok) status = { text: translate('matchCentre.command.preview', { summary: describeCommand(translate, result.command, match) }), tone: 'preview' };
  else if (result && !result.ok) status = { text: errorText(result.error), tone: 'error' };
  else if (added) status = { text: added, tone: 'done' };

  return (
    <Box component="section" aria-labelledby={`${ids.hint}-title`} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={`${ids.hint}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('matchCentre.command.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={side}
          onChange={(_, next: Side | null) => next && setSide(next)}
          aria-label={translate('matchCentre.command.side')}
          sx={{ flexShrink: 0, height: 40 }}
        >
          {(['home', 'away'] as const).map((s) => (
            <ToggleButton key={s} value={s} data-testid={`command-side-${s}`} sx={{ maxWidth: 160, textTransform: 'none' }}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {match[s].shortName}
              </Box>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          inputRef={inputRef}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setServerError(null);
            setAdded(null);
          }}
          onKeyDown={onKeyDown}
          label={translate('matchCentre.command.label')}
          placeholder={translate('matchCentre.command.placeholder')}
          size="small"
          fullWidth
          autoComplete="off"
          error={!!serverError || (!!result && !result.ok)}
          slotProps={{
            htmlInput: {
              'data-testid': 'command-input',
              spellCheck: false,
              autoCapitalize: 'off',
              'aria-describedby': `${ids.status} ${ids.hint}`,
              'aria-keyshortcuts': '/ n',
            },
            input: {
              endAdornment: (
                <Tooltip title={translate('matchCentre.command.submit')}>
                  <span>
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={translate('matchCentre.command.submit')}
                      disabled={!result?.ok || busy}
                      onClick={() => void submit()}
                    >
                      <KeyboardReturnIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              ),
            },
          }}
          sx={{ flex: 1, minWidth: 200, '& input': { fontFamily: 'monospace' } }}
        />
        <IconButton
          aria-label={translate('matchCentre.command.help.open')}
          aria-haspopup="dialog"
          aria-expanded={!!helpAnchor}
          aria-controls={helpAnchor ? ids.help : undefined}
          onClick={(e) => setHelpAnchor(e.currentTarget)}
          data-testid="command-help"
        >
          <HelpOutlineIcon />
        </IconButton>
      </Box>
      <Typography
        id={ids.status}
        role="status"
        aria-live="polite"
        variant="body2"
        data-testid="command-status"
        data-tone={status.tone}
        sx={{ color: status.tone === 'error' ? 'error.main' : status.tone === 'idle' ? 'text.secondary' : 'text.primary', minHeight: '1.5em' }}
      >
        {status.text}
      </Typography>
      <Typography id={ids.hint} variant="caption" color="text.secondary">
        {translate('matchCentre.command.hint')}
      </Typography>
      <Popover
        open={!!helpAnchor}
        // Back to the command line, not to the help button.
        disableRestoreFocus
        anchorEl={helpAnchor}
        onClose={() => setHelpAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { id: ids.help, role: 'dialog', 'aria-labelledby': `${ids.help}-title`, sx: { p: 2, maxWidth: 440 } },
          transition: { onExited: () => inputRef.current?.focus() },
        }}
      >
        <Typography id={`${ids.help}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('matchCentre.command.help.title')}
        </Typography>
        <Box component="table" sx={{ borderCollapse: 'collapse', '& td': { py: 0.5, pr: 2, verticalAlign: 'top', fontSize: '0.875rem' } }}>
          <tbody>
            {HELP_ROWS.map((row) => (
              <tr key={row}>
                <td>
                  <Box component="code" sx={{ whiteSpace: 'nowrap', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 }}>
                    {translate(`matchCentre.command.help.rows.${row}.syntax`)}
                  </Box>
                </td>
                <td>{translate(`matchCentre.command.help.rows.${row}.text`)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('matchCentre.command.help.keys')}
        </Typography>
      </Popover>
    </Box>
  );
}
