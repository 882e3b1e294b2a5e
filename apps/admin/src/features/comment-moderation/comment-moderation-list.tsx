import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack, Tooltip } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Block from '@mui/icons-material/Block';
import LockOpen from '@mui/icons-material/LockOpen';
import {
  AutocompleteInput,
  DataTable,
  ExportButton,
  FilterButton,
  LinkBase,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
  useUpdateMany,
  type Identifier,
} from 'react-admin';
import { COMMENT_STATUSES, type CommentStatus } from '@umpire/schema';
import { formatDateTime, formatRelative } from '../../lib/locale';
import { ModerationModeSelect } from './moderation-mode';
import { safeExporter } from '../../framework/generic/csv';

interface CommentRecord {
  id: Identifier;
  body: string;
  status: CommentStatus;
  author_name: string | null;
  fan_id: number | null;
  reports_count: number;
  author_banned: boolean;
  article_id: string | null;
  match_id: string | null;
  created_at: string;
  updated_at: string;
}

const STATUS_COLORS = { pending: 'warning', approved: 'success', hidden: 'default' } as const;

/** The moderation actions, each a change of the comments' attributes (PATCH /comments/{id}). */
type Action = 'approve' | 'hide' | 'ban' | 'unban';
const CHANGES: Record<Action, Partial<CommentRecord>> = {
  approve: { status: 'approved' },
  hide: { status: 'hidden' },
  ban: { author_banned: true },
  unban: { author_banned: false },
};

/** Runs an action on some comments, then tells how it went. */
function useModerate() {
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const refresh = useRefresh();
  const run = (action: Action, ids: Identifier[], done?: () => void) =>
    void updateMany(
      'comments',
      { ids, data: CHANGES[action] },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`moderation.done.${action}`, { type: 'success', messageArgs: { smart_count: ids.length } });
          refresh();
          done?.();
        },
      },
    );
  return { run, isPending };
}

/** A ban asks first: every comment of the author is hidden and their next ones refused. */
function BanDialog({ open, count, onCancel, onConfirm }: { open: boolean; count: number; onCancel: () => void; onConfirm: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="ban-dialog-title" aria-describedby="ban-dialog-text">
      <DialogTitle id="ban-dialog-title">{translate('moderation.banTitle', { smart_count: count })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="ban-dialog-text">{translate('moderation.banText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} autoFocus>
          {translate('moderation.ban')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RowActions() {
  const comment = useRecordContext<CommentRecord>();
  const translate = useTranslate();
  const { run, isPending } = useModerate();
  const [confirming, setConfirming] = useState(false);
  if (!comment) return null;
  const approveLabel = comment.status === 'hidden' ? 'moderation.restore' : 'moderation.approve';
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {comment.status !== 'approved' && !comment.author_banned && (
        <Button size="small" startIcon={<CheckCircle />} disabled={isPending} onClick={() => run('approve', [comment.id])} aria-label={`${translate(approveLabel)}: ${comment.body.slice(0, 40)}`}>
          {translate(approveLabel)}
        </Button>
      )}
      {comment.status !== 'hidden' && (
        <Button size="small" startIcon={<VisibilityOff />} disabled={isPending} onClick={() => run('hide', [comment.id])} aria-label={`${translate('moderation.hide')}: ${comment.body.slice(0, 40)}`}>
          {translate('moderation.hide')}
        </Button>
      )}
      {comment.fan_id != null &&
        (comment.author_banned ? (
          <Button size="small" startIcon={<LockOpen />} disabled={isPending} onClick={() => run('unban', [comment.id])}>
            {translate('moderation.unban')}
          </Button>
        ) : (
          <Button size="small" color="error" startIcon={<Block />} disabled={isPending} onClick={() => setConfirming(true)} aria-label={`${translate('moderation.ban')}: ${comment.author_name ?? ''}`}>
            {translate('moderation.ban')}
          </Button>
        ))}
      <BanDialog open={confirming} count={1} onCancel={() => setConfirming(false)} onConfirm={() => run('ban', [comment.id], () => setConfirming(false))} />
    </Stack>
  );
}

function BulkActions() {
  const { selectedIds } = useListContext<CommentRecord>();
  const translate = useTranslate();
  const unselectAll = useUnselectAll('comments');
  const { run, isPending } = useModerate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<CheckCircle />} disabled={isPending} onClick={() => run('approve', selectedIds, unselectAll)}>
        {translate('moderation.approve')}
      </Button>
      <Button size="small" startIcon={<VisibilityOff />} disabled={isPending} onClick={() => run('hide', selectedIds, unselectAll)}>
        {translate('moderation.hide')}
      </Button>
      <Button size="small" color="error" startIcon={<Block />} disabled={isPending} onClick={() => setConfirming(true)}>
        {translate('moderation.banAuthors')}
      </Button>
      <BanDialog
        open={confirming}
        count={selectedIds.length}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          run('ban', selectedIds, () => {
            setConfirming(false);
            unselectAll();
          })
        }
      />
    </>
  );
}

/** The match a comment is on as the included records give it: "Home – Away". */
interface IncludedMatch {
  kickoff_at?: string;
  home_squad?: { name?: string; team?: { name?: string } };
  away_squad?: { name?: string; team?: { name?: string } };
}
const sideName = (squad: IncludedMatch['home_squad']) => squad?.team?.name ?? squad?.name ?? '?';
/** The includes that name a match's teams. */
const MATCH_TEAMS = ['home_squad.team', 'away_squad.team'];
/** "Home – Away, kick-off" for the match filter's choices. */
const matchLabel = (m: IncludedMatch & { id: Identifier }) =>
  `${m.home_squad ? `${sideName(m.home_squad)} – ${sideName(m.away_squad)}` : `#${m.id}`}${m.kickoff_at ? `, ${formatDateTime(m.kickoff_at)}` : ''}`;

/** What a comment is on, by name: the article's title, or the match's teams and date (not ids). */
function Target() {
  const comment = useRecordContext<CommentRecord & { match?: IncludedMatch }>();
  const translate = useTranslate();
  if (!comment) return null;
  const label = translate(`resources.comments.fields.${comment.article_id != null ? 'article' : 'match'}`);
  if (comment.article_id != null)
    return (
      <Stack>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{label}</Box>
        <ReferenceField source="article_id" reference="articles" link="edit" emptyText={`#${comment.article_id}`}>
          <TextField source="title" />
        </ReferenceField>
      </Stack>
    );
  const match = comment.match;
  return (
    <Stack>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{label}</Box>
      <Link component={LinkBase} to={`/matches/${comment.match_id}`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
        {match ? `${sideName(match.home_squad)} – ${sideName(match.away_squad)}` : `#${comment.match_id}`}
      </Link>
      {match?.kickoff_at && <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{formatDateTime(match.kickoff_at)}</Box>}
    </Stack>
  );
}

const statusChoices = COMMENT_STATUSES.map((id) => ({ id, name: `resources.comments.choices.status.${id}` }));

/**
 * The moderation queue (spec §7: GET /comments, PATCH /comments/{id}): newest first, waiting ones
 * by default, filtered by article or match, status, reports and author, searched by text; approve,
 * hide, restore and ban one comment or a selection.
 */
export default function CommentModerationList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="reported" source="reports_count_gte" label="moderation.reported" choices={[{ id: 1, name: 'moderation.reportedOnly' }]} alwaysOn />,
    <ReferenceInput key="article" source="article_id" reference="articles">
      <AutocompleteInput optionText="title" label="resources.comments.fields.article" />
    </ReferenceInput>,
    <ReferenceInput key="match" source="match_id" reference="matches" sort={{ field: 'kickoff_at', order: 'DESC' }} queryOptions={{ meta: { include: MATCH_TEAMS } }}>
      <AutocompleteInput optionText={matchLabel} label="resources.comments.fields.match" />
    </ReferenceInput>,
    <TextInput key="author" source="author_name" />,
    <SelectInput
      key="banned"
      source="author_banned"
      choices={[
        { id: 'true', name: 'ra.boolean.true' },
        { id: 'false', name: 'ra.boolean.false' },
      ]}
    />,
  ];
  return (
    <List
      resource="comments"
      exporter={safeExporter}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      // The teams of a comment's match come with the page (an article's title is one more request).
      queryOptions={{ meta: { include: MATCH_TEAMS.map((path) => `match.${path}`) } }}
      actions={
        <TopToolbar sx={{ alignItems: 'center' }}>
          <ModerationModeSelect />
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
      empty={false}
    >
      <DataTable bulkActionButtons={<BulkActions />} rowClick={false} empty={<Box sx={{ p: 2 }}>{translate('moderation.empty')}</Box>}>
        <DataTable.Col source="body" disableSort render={(c: CommentRecord) => <Box sx={{ maxWidth: 420, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.body}</Box>} />
        <DataTable.Col
          source="author_name"
          disableSort
          render={(c: CommentRecord) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{c.author_name ?? translate('moderation.anonymous')}</span>
              {c.author_banned && <Chip size="small" color="error" label={translate('moderation.banned')} />}
            </Stack>
          )}
        />
        <DataTable.Col label="moderation.target" disableSort>
          <Target />
        </DataTable.Col>
        <DataTable.Col source="status" render={(c: CommentRecord) => <Chip size="small" color={STATUS_COLORS[c.status]} label={translate(`resources.comments.choices.status.${c.status}`)} />} />
        <DataTable.Col source="reports_count" />
        <DataTable.Col
          source="created_at"
          render={(c: CommentRecord) => (
            <Tooltip title={formatRelative(c.created_at)}>
              <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
            </Tooltip>
          )}
        />
        <DataTable.Col label="list.actions" disableSort>
          <RowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
