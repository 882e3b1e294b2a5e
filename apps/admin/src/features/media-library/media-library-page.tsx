import { useCallback, useEffect, useState } from 'react';
import { Box, Breadcrumbs, Button, Card, CardContent, Link, MenuItem, Pagination, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import GridIcon from '@mui/icons-material/GridView';
import ListIcon from '@mui/icons-material/ViewList';
import NewFolderIcon from '@mui/icons-material/CreateNewFolder';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../framework/ui/page-layout';
import { listFiles, moveFiles, type MediaFile, type MediaSort } from './media-api';
import { FileBrowser, type FileAction } from './file-browser';
import { FileDetails } from './file-details';
import { LibraryDialogs, type LibraryDialog } from './file-dialogs';
import { FolderTree } from './folder-tree';
import { DropZone, UploadButton } from './drop-zone';
import { UploadList } from './upload-list';
import { breadcrumbsOf, displayName, folderPathOf, normalisePath, ROOT } from './paths';
import { mediaKeys } from './query-keys';
import { useUploadQueue } from './use-upload-queue';
import { DragMoveProvider, dropOutline, useDropTarget } from './drag-move';
import { clickSelect, keepListed, movePlan, NO_SELECTION, selectAll, type Selection } from './selection';
import { SelectionBar } from './selection-bar';

export const MEDIA_SUBJECT = 'files';
const PER_PAGE = 50;
/** The most files one listing answers (the API's page size limit): "select all" reads a folder's files at once. */
const FOLDER_MAX = 1000;
const SORTS: MediaSort[] = ['name', '-name', '-created_at', 'created_at', '-size', 'size'];

/** Search text typed, sent once typing pauses. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A segment of the path bar: opens its folder, and takes library files dropped on it. */
function CrumbLink({ path, name, onOpen }: { path: string; name: string; onOpen: (path: string) => void }) {
  const drop = useDropTarget(path);
  return (
    <Link component="button" type="button" onClick={() => onOpen(path)} underline="hover" {...drop.props} sx={{ borderRadius: 0.5, px: 0.25, ...dropOutline(drop.over) }}>
      {name}
    </Link>
  );
}

/**
 * The media library (spec §3, §4, §7): folders on the left, the open folder's files as tiles or a
 * table with search, sort and pages, files dropped or chosen uploaded with their state each, and
 * the selected file's preview and details. The folder, search, sort, view and page are in the
 * address, so a link opens the same view.
 */
export default function MediaLibraryPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const path = normalisePath(params.get('path'));
  const sort = (SORTS as string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as MediaSort) : 'name';
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search);
  const [selected, setSelected] = useState<MediaFile | null>(null);
  const [dialog, setDialog] = useState<LibraryDialog | null>(null);
  const [checked, setChecked] = useState<Selection>(NO_SELECTION);
  const [everything, setEverything] = useState<{ scope: string; files: MediaFile[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const notify = useNotify();
  const { canAccess: canCreate } = useCanAccess({ resource: MEDIA_SUBJECT, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: MEDIA_SUBJECT, action: 'update' });
  const { canAccess: canDelete } = useCanAccess({ resource: MEDIA_SUBJECT, action: 'delete' });

  const setParam = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParam({ q, page: null });
  }, [q, params, setParam]);

  const query = { path, q, sort, page, perPage: PER_PAGE };
  const list = useQuery({ queryKey: mediaKeys.list(query), queryFn: () => listFiles(query), placeholderData: keepPreviousData });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: mediaKeys.all }), [queryClient]);
  const uploads = useUploadQueue(reload);

  const openFolder = (next: string) => {
    setSelected(null);
    setChecked(NO_SELECTION);
    setParam({ path: next === ROOT ? null : next, page: null });
  };
  const activate = (file: MediaFile) => (file.kind === 'folder' ? openFolder(folderPathOf(file)) : setSelected(file));
  const onAction =
    canUpdate || canDelete ? (file: MediaFile, action: FileAction) => setDialog(action === 'rename' ? { kind: 'rename', file } : { kind: action, files: [file] }) : undefined;
  /** Files moved or deleted leave the selection and the details; the folder reloads (they go from the list only now). */
  const forget = (ids: readonly string[]) => {
    if (selected && ids.includes(selected.id)) setSelected(null);
    setChecked((current) => ({ ids: new Set([...current.ids].filter((id) => !ids.includes(id))), anchor: current.anchor !== null && ids.includes(current.anchor) ? null : current.anchor }));
  };
  const onChanged = (done: LibraryDialog, ids: string[]) => {
    setDialog(null);
    if (done.kind === 'move' || done.kind === 'delete' || done.kind === 'rename') forget(ids);
    if (done.kind === 'move' && ids.length) setAnnouncement(translate('mediaLibrary.moved', { smart_count: ids.length }));
    if (done.kind === 'delete' && ids.length) setAnnouncement(translate('mediaLibrary.deleted', { smart_count: ids.length }));
    // A deleted file has no uses left to ask for: the closing dialog's queries would be reloaded
    // with the rest, and answer 404.
    if (done.kind === 'delete') for (const id of ids) queryClient.removeQueries({ queryKey: mediaKeys.usages(id) });
    reload();
  };
  /** Files dragged onto a folder: refused whole when a folder would go into itself, else moved one by one. */
  const dropOn = async (dropped: readonly MediaFile[], target: string) => {
    const plan = movePlan(dropped, target);
    if (plan.intoItself.length) {
      notify('mediaLibrary.moveIntoItself', { type: 'warning', messageArgs: { name: plan.intoItself.map(displayName).join(', ') } });
      return;
    }
    if (!plan.moving.length) return;
    const { moved } = await moveFiles(plan.moving, target);
    forget(moved.map((f) => f.id));
    if (moved.length) setAnnouncement(translate('mediaLibrary.movedTo', { smart_count: moved.length, path: target }));
    reload();
  };
  const addFiles = (files: File[]) => uploads.add(files, path);

  const title = translate('resources.files.name', { smart_count: 2 });
  const files = list.data?.files ?? [];
  const order = files.map((f) => f.id);
  // "Select all" in a folder of several pages ticks every file of it, read once for that.
  const scope = JSON.stringify([path, q]);
  const whole = everything?.scope === scope ? everything.files : [];
  const pool = [...files, ...whole.filter((f) => !order.includes(f.id))];
  // Ticks of files no longer listed (moved, deleted, on another page) do not count.
  const ticked = keepListed(checked, pool.map((f) => f.id));
  const checkedFiles = pool.filter((f) => ticked.ids.has(f.id));
  const checkAll = async (on: boolean) => {
    if (!on || (list.data?.pages ?? 1) <= 1) {
      setChecked(selectAll(order, on));
      return;
    }
    // This page's files at once, the rest of the folder when it has been read.
    setChecked(selectAll(order, true));
    try {
      const all = await listFiles({ path, q, sort, page: 1, perPage: FOLDER_MAX });
      setEverything({ scope, files: all.files });
      setChecked(selectAll(all.files.map((f) => f.id), true));
    } catch {
      // The HTTP client has shown the error; the page's files are ticked instead.
      setChecked(selectAll(order, true));
    }
  };
  const selectable = canUpdate || canDelete;
  // The listed copy once the folder reloads (a saved alt text shows at once).
  const shown = selected ? (files.find((f) => f.id === selected.id) ?? selected) : null;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600, mr: 'auto' }}>
          {title}
        </Typography>
        {canCreate && (
          <>
            <Button startIcon={<NewFolderIcon />} onClick={() => setDialog({ kind: 'newFolder', path })}>
              {translate('mediaLibrary.newFolder')}
            </Button>
            <UploadButton onFiles={addFiles} />
          </>
        )}
      </Box>
      <DragMoveProvider onDrop={(dropped, target) => void dropOn(dropped, target)}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: 1 }}>
            <FolderTree current={path} onOpen={openFolder} label={translate('mediaLibrary.folders')} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <UploadList queue={uploads.queue} onRetry={uploads.retry} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
          <Card sx={{ minWidth: 0 }}>
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Breadcrumbs aria-label={translate('mediaLibrary.breadcrumbs')}>
                {breadcrumbsOf(path).map((crumb) =>
                  crumb.path === path ? (
                    <Typography key={crumb.path} aria-current="page" sx={{ fontWeight: 600 }}>
                      {crumb.name || translate('mediaLibrary.root')}
                    </Typography>
                  ) : (
                    <CrumbLink key={crumb.path} path={crumb.path} name={crumb.name || translate('mediaLibrary.root')} onOpen={openFolder} />
                  ),
                )}
              </Breadcrumbs>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
                <TextField
                  id="media-search"
                  type="search"
                  size="small"
                  label={translate('mediaLibrary.search')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  fullWidth={false}
                  sx={{ width: 280, maxWidth: '100%' }}
                />
                <TextField
                  id="media-sort"
                  select
                  size="small"
                  label={translate('mediaLibrary.sortBy')}
                  value={sort}
                  onChange={(event) => setParam({ sort: event.target.value, page: null })}
                  fullWidth={false}
                  sx={{ width: 220, maxWidth: '100%' }}
                >
                  {SORTS.map((value) => (
                    <MenuItem key={value} value={value}>
                      {translate(`mediaLibrary.sorts.${value.replace('-', 'desc_')}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={view}
                  onChange={(_event, value: string | null) => value && setParam({ view: value === 'grid' ? null : value })}
                  aria-label={translate('mediaLibrary.view')}
                  sx={{ ml: 'auto' }}
                >
                  <ToggleButton value="grid" aria-label={translate('mediaLibrary.grid')}>
                    <GridIcon fontSize="small" />
                  </ToggleButton>
                  <ToggleButton value="list" aria-label={translate('mediaLibrary.list')}>
                    <ListIcon fontSize="small" />
                  </ToggleButton>
                </ToggleButtonGroup>
              </Box>
              {checkedFiles.length > 0 && (
                <SelectionBar
                  count={checkedFiles.length}
                  onMove={canUpdate ? () => setDialog({ kind: 'move', files: checkedFiles }) : undefined}
                  onDelete={canDelete ? () => setDialog({ kind: 'delete', files: checkedFiles }) : undefined}
                  onClear={() => setChecked(NO_SELECTION)}
                />
              )}
              <DropZone onFiles={addFiles} disabled={!canCreate}>
                {list.isError && <LoadError onRetry={() => void list.refetch()} />}
                {list.isSuccess && !files.length && (
                  <EmptyState>{translate(q ? 'ui.nothingFound' : canCreate ? 'mediaLibrary.emptyDrop' : 'mediaLibrary.empty')}</EmptyState>
                )}
                {files.length > 0 && (
                  <FileBrowser
                    files={files}
                    view={view}
                    selectedId={selected?.id}
                    onActivate={activate}
                    onAction={onAction}
                    checked={selectable ? ticked.ids : undefined}
                    onCheck={selectable ? (file, keys) => setChecked((current) => clickSelect(keepListed(current, pool.map((f) => f.id)), order, file.id, keys)) : undefined}
                    onCheckAll={selectable ? (on) => void checkAll(on) : undefined}
                  />
                )}
              </DropZone>
              {(list.data?.pages ?? 1) > 1 && (
                <Pagination
                  count={list.data?.pages ?? 1}
                  page={page}
                  onChange={(_event, next) => setParam({ page: next === 1 ? null : String(next) })}
                  getItemAriaLabel={(type, number) => translate(`mediaLibrary.pages.${type}`, { page: number })}
                  sx={{ justifySelf: 'center' }}
                />
              )}
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                {list.data ? translate('mediaLibrary.items', { smart_count: list.data.total }) : ''}
              </Typography>
              <Typography variant="body2" role="status" data-testid="media-announcement" sx={{ color: 'text.secondary', minHeight: '1.5em' }}>
                {announcement}
              </Typography>
            </CardContent>
          </Card>
          {shown && <FileDetails file={shown} onClose={() => setSelected(null)} onAction={onAction} />}
        </Box>
      </Box>
      </DragMoveProvider>
      <LibraryDialogs dialog={dialog} onClose={() => setDialog(null)} onChanged={onChanged} />
    </Box>
  );
}
