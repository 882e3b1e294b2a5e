import { useCallback, useEffect, useState } from 'react';
import { Box, Breadcrumbs, Button, Card, CardContent, Link, MenuItem, Pagination, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import GridIcon from '@mui/icons-material/GridView';
import ListIcon from '@mui/icons-material/ViewList';
import NewFolderIcon from '@mui/icons-material/CreateNewFolder';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../framework/ui/page-layout';
import { listFiles, type MediaFile, type MediaSort } from './media-api';
import { FileBrowser, type FileAction } from './file-browser';
import { FileDetails } from './file-details';
import { LibraryDialogs, type LibraryDialog } from './file-dialogs';
import { FolderTree } from './folder-tree';
import { DropZone, UploadButton } from './drop-zone';
import { UploadList } from './upload-list';
import { breadcrumbsOf, folderPathOf, normalisePath, ROOT } from './paths';
import { mediaKeys } from './query-keys';
import { useUploadQueue } from './use-upload-queue';

export const MEDIA_SUBJECT = 'files';
const PER_PAGE = 50;
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
    setParam({ path: next === ROOT ? null : next, page: null });
  };
  const activate = (file: MediaFile) => (file.kind === 'folder' ? openFolder(folderPathOf(file)) : setSelected(file));
  const onAction = canUpdate || canDelete ? (file: MediaFile, action: FileAction) => setDialog({ kind: action, file }) : undefined;
  const onChanged = (done: LibraryDialog) => {
    setDialog(null);
    if (done.kind === 'delete' && selected?.id === done.file.id) setSelected(null);
    if ((done.kind === 'rename' || done.kind === 'move') && selected?.id === done.file.id) setSelected(null);
    reload();
  };
  const addFiles = (files: File[]) => uploads.add(files, path);

  const title = translate('resources.files.name', { smart_count: 2 });
  const files = list.data?.files ?? [];
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
                    <Link key={crumb.path} component="button" type="button" onClick={() => openFolder(crumb.path)} underline="hover">
                      {crumb.name || translate('mediaLibrary.root')}
                    </Link>
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
              <DropZone onFiles={addFiles} disabled={!canCreate}>
                {list.isError && <LoadError onRetry={() => void list.refetch()} />}
                {list.isSuccess && !files.length && (
                  <EmptyState>{translate(q ? 'ui.nothingFound' : canCreate ? 'mediaLibrary.emptyDrop' : 'mediaLibrary.empty')}</EmptyState>
                )}
                {files.length > 0 && <FileBrowser files={files} view={view} selectedId={selected?.id} onActivate={activate} onAction={onAction} />}
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
            </CardContent>
          </Card>
          {shown && <FileDetails file={shown} onClose={() => setSelected(null)} onAction={onAction} />}
        </Box>
      </Box>
      <LibraryDialogs dialog={dialog} onClose={() => setDialog(null)} onChanged={onChanged} />
    </Box>
  );
}
