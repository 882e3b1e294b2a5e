import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Box, ButtonBase, Checkbox, FormControlLabel, IconButton, Menu, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import MovieIcon from '@mui/icons-material/Movie';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import MoreIcon from '@mui/icons-material/MoreVert';
import MixedIcon from '@mui/icons-material/IndeterminateCheckBox';
import { useTranslate } from 'react-admin';
import type { MediaKind } from '@umpire/schema/media';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { formatDateTime } from '../../lib/locale';
import type { MediaFile } from './media-api';
import { formatBytes } from './upload-queue';
import { displayName, folderPathOf } from './paths';
import { allState, type ClickKeys } from './selection';
import { dropOutline, useDragSource, useDropTarget } from './drag-move';

export type FileAction = 'rename' | 'move' | 'delete';

export interface FileBrowserProps {
  files: MediaFile[];
  view: 'grid' | 'list';
  selectedId: string | undefined;
  /** A folder opens; a file is selected (its details show). */
  onActivate: (file: MediaFile) => void;
  onAction?: (file: MediaFile, action: FileAction) => void;
  /** The ticked files (the screen's multi-selection; the picker has none). */
  checked?: ReadonlySet<string>;
  /** A tick box clicked, or a file clicked with Ctrl (⌘) or Shift. */
  onCheck?: (file: MediaFile, keys: ClickKeys) => void;
  onCheckAll?: (on: boolean) => void;
}

const KIND_ICONS: Record<MediaKind, typeof FolderIcon> = { folder: FolderIcon, image: ImageIcon, video: MovieIcon, document: DescriptionIcon };

/** An image's thumbnail from the image service, else the icon of its kind. */
export function FilePreviewIcon({ file, size }: { file: MediaFile; size: number }) {
  const Icon = KIND_ICONS[file.kind];
  if (file.kind === 'image' && file.image_path) {
    return (
      <Box sx={{ width: size, height: size, display: 'grid', placeItems: 'center', position: 'relative' }}>
        <Icon aria-hidden sx={{ position: 'absolute', color: 'text.disabled', fontSize: size / 2 }} />
        <Box sx={{ position: 'relative' }}>
          <ImageThumbnail path={file.image_path} size={size} alt="" />
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ width: size, height: size, display: 'grid', placeItems: 'center' }}>
      <Icon aria-hidden sx={{ fontSize: size / 2, color: file.kind === 'folder' ? 'warning.main' : 'text.secondary' }} />
    </Box>
  );
}

function ActionsMenu({ file, onAction }: { file: MediaFile; onAction: (file: MediaFile, action: FileAction) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: FileAction) => {
    setAnchor(null);
    onAction(file, action);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('mediaLibrary.actionsOf', { name: displayName(file) })}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('rename')}>{translate('mediaLibrary.rename')}</MenuItem>
        <MenuItem onClick={() => pick('move')}>{translate('mediaLibrary.move')}</MenuItem>
        <MenuItem onClick={() => pick('delete')} sx={{ color: 'error.main' }}>
          {translate('ra.action.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** A folder's content as tiles (thumbnails) or as a table (details). */
export function FileBrowser(props: FileBrowserProps) {
  return props.view === 'grid' ? <FileGrid {...props} /> : <FileTable {...props} />;
}

/** A click on a file: with Ctrl (⌘) or Shift it ticks, else it opens (a folder) or shows (a file). */
function clickHandler(file: MediaFile, { onActivate, onCheck }: FileBrowserProps) {
  return (event: MouseEvent) => {
    if (onCheck && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.preventDefault();
      onCheck(file, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
      return;
    }
    onActivate(file);
  };
}

function CheckBox({ file, props }: { file: MediaFile; props: FileBrowserProps }) {
  const translate = useTranslate();
  if (!props.onCheck) return null;
  return (
    <Checkbox
      size="small"
      checked={props.checked?.has(file.id) ?? false}
      // A tick adds to the selection; with Shift, the whole range from the last one ticked.
      onClick={(event) => props.onCheck!(file, { shift: event.shiftKey, toggle: true })}
      slotProps={{ input: { 'aria-label': translate('mediaLibrary.selection.select', { name: displayName(file) }) } }}
    />
  );
}

/**
 * The box that ticks every listed file; `labelled` when a visible label names it (the tiles). Some
 * ticked shows as mixed through the native input's `indeterminate` (an `aria-checked` on a real
 * checkbox would contradict its state).
 */
function CheckAll({ files, checked, onCheckAll, labelled }: FileBrowserProps & { labelled?: boolean }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const state = allState({ ids: checked ?? new Set(), anchor: null }, files.map((f) => f.id));
  useEffect(() => {
    if (input.current) input.current.indeterminate = state === 'some';
  }, [state]);
  if (!onCheckAll) return null;
  return (
    <Checkbox
      size="small"
      checked={state === 'all'}
      inputRef={input}
      icon={state === 'some' ? <MixedIcon fontSize="small" /> : undefined}
      sx={state === 'some' ? { color: 'primary.main' } : undefined}
      onChange={(event) => onCheckAll(event.target.checked)}
      slotProps={{ input: labelled ? {} : { 'aria-label': translate('mediaLibrary.selection.all') } }}
    />
  );
}

const focusRing = { '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' } } as const;

function GridTile({ file, props, dragged }: { file: MediaFile; props: FileBrowserProps; dragged: readonly MediaFile[] }) {
  const translate = useTranslate();
  const { onAction, selectedId } = props;
  const selected = file.id === selectedId;
  const ticked = props.checked?.has(file.id) ?? false;
  const drop = useDropTarget(file.kind === 'folder' ? folderPathOf(file) : null);
  const drag = useDragSource(file, dragged);
  return (
    <Box
      component="li"
      data-testid="media-item"
      data-name={displayName(file)}
      {...drag}
      {...drop.props}
      sx={{
        position: 'relative',
        border: 1,
        borderColor: selected || ticked ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: selected || ticked ? 'action.selected' : 'background.paper',
        ...dropOutline(drop.over),
      }}
    >
      <ButtonBase
        onClick={clickHandler(file, props)}
        aria-pressed={file.kind === 'folder' ? undefined : selected}
        sx={{ width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', p: 1, borderRadius: 1, ...focusRing }}
      >
        <Box sx={{ display: 'grid', placeItems: 'center', height: 112, bgcolor: 'grey.100', borderRadius: 0.5, overflow: 'hidden' }}>
          <FilePreviewIcon file={file} size={104} />
        </Box>
        <Typography variant="body2" noWrap sx={{ mt: 0.75, fontWeight: 500, textAlign: 'left', pr: onAction ? 3 : 0 }} title={displayName(file)}>
          {displayName(file)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'left' }}>
          {file.kind === 'folder' ? translate('mediaLibrary.items', { smart_count: file.children_count ?? 0 }) : formatBytes(file.size)}
        </Typography>
      </ButtonBase>
      {props.onCheck && (
        <Box sx={{ position: 'absolute', left: 2, top: 2, bgcolor: 'background.paper', borderRadius: 1 }}>
          <CheckBox file={file} props={props} />
        </Box>
      )}
      {onAction && (
        <Box sx={{ position: 'absolute', right: 2, bottom: 18 }}>
          <ActionsMenu file={file} onAction={onAction} />
        </Box>
      )}
    </Box>
  );
}

function FileGrid(props: FileBrowserProps) {
  const translate = useTranslate();
  const dragged = props.files.filter((f) => props.checked?.has(f.id));
  return (
    <>
      {props.onCheckAll && (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel control={<CheckAll {...props} labelled />} label={translate('mediaLibrary.selection.all')} />
        </Box>
      )}
      <Box component="ul" data-testid="media-grid" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(148px, 1fr))' }}>
        {props.files.map((file) => (
          <GridTile key={file.id} file={file} props={props} dragged={dragged} />
        ))}
      </Box>
    </>
  );
}

function TableItem({ file, props, dragged }: { file: MediaFile; props: FileBrowserProps; dragged: readonly MediaFile[] }) {
  const translate = useTranslate();
  const { onAction, selectedId } = props;
  const drop = useDropTarget(file.kind === 'folder' ? folderPathOf(file) : null);
  const drag = useDragSource(file, dragged);
  return (
    <TableRow data-testid="media-item" data-name={displayName(file)} selected={file.id === selectedId || (props.checked?.has(file.id) ?? false)} {...drag} {...drop.props} sx={dropOutline(drop.over)}>
      {props.onCheck && (
        <TableCell padding="checkbox">
          <CheckBox file={file} props={props} />
        </TableCell>
      )}
      <TableCell>
        <ButtonBase
          onClick={clickHandler(file, props)}
          aria-pressed={file.kind === 'folder' ? undefined : file.id === selectedId}
          sx={{ gap: 1, justifyContent: 'flex-start', borderRadius: 1, textAlign: 'left', ...focusRing }}
        >
          <FilePreviewIcon file={file} size={36} />
          <Box component="span" sx={{ fontWeight: 500 }}>
            {displayName(file)}
          </Box>
        </ButtonBase>
      </TableCell>
      <TableCell>{translate(`mediaLibrary.kinds.${file.kind}`)}</TableCell>
      <TableCell align="right">{file.kind === 'folder' ? translate('mediaLibrary.items', { smart_count: file.children_count ?? 0 }) : formatBytes(file.size)}</TableCell>
      <TableCell>{file.width && file.height ? `${file.width} × ${file.height}` : ''}</TableCell>
      <TableCell>{formatDateTime(file.created_at)}</TableCell>
      {onAction && (
        <TableCell>
          <ActionsMenu file={file} onAction={onAction} />
        </TableCell>
      )}
    </TableRow>
  );
}

function FileTable(props: FileBrowserProps) {
  const translate = useTranslate();
  const dragged = props.files.filter((f) => props.checked?.has(f.id));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('mediaLibrary.contents')} data-testid="media-table">
        <TableHead>
          <TableRow>
            {props.onCheck && (
              <TableCell padding="checkbox">
                <CheckAll {...props} />
              </TableCell>
            )}
            <TableCell>{translate('mediaLibrary.fields.name')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.type')}</TableCell>
            <TableCell align="right">{translate('mediaLibrary.fields.size')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.dimensions')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.uploaded')}</TableCell>
            {props.onAction && <TableCell>{translate('list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.files.map((file) => (
            <TableItem key={file.id} file={file} props={props} dragged={dragged} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
