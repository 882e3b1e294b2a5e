import { useState } from 'react';
import { Box, ButtonBase, IconButton, Menu, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import MovieIcon from '@mui/icons-material/Movie';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import MoreIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'react-admin';
import type { MediaKind } from '@umpire/schema/media';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { formatDateTime } from '../../lib/locale';
import type { MediaFile } from './media-api';
import { formatBytes } from './upload-queue';
import { displayName } from './paths';

export type FileAction = 'rename' | 'move' | 'delete';

export interface FileBrowserProps {
  files: MediaFile[];
  view: 'grid' | 'list';
  selectedId: string | undefined;
  /** A folder opens; a file is selected (its details show). */
  onActivate: (file: MediaFile) => void;
  onAction?: (file: MediaFile, action: FileAction) => void;
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

function FileGrid({ files, selectedId, onActivate, onAction }: FileBrowserProps) {
  const translate = useTranslate();
  return (
    <Box component="ul" data-testid="media-grid" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(148px, 1fr))' }}>
      {files.map((file) => {
        const selected = file.id === selectedId;
        return (
          <Box
            component="li"
            key={file.id}
            data-testid="media-item"
            sx={{ position: 'relative', border: 1, borderColor: selected ? 'primary.main' : 'divider', borderRadius: 1, bgcolor: selected ? 'action.selected' : 'background.paper' }}
          >
            <ButtonBase
              onClick={() => onActivate(file)}
              aria-pressed={file.kind === 'folder' ? undefined : selected}
              sx={{ width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', p: 1, borderRadius: 1, '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' } }}
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
            {onAction && (
              <Box sx={{ position: 'absolute', right: 2, bottom: 18 }}>
                <ActionsMenu file={file} onAction={onAction} />
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function FileTable({ files, selectedId, onActivate, onAction }: FileBrowserProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('mediaLibrary.contents')} data-testid="media-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('mediaLibrary.fields.name')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.type')}</TableCell>
            <TableCell align="right">{translate('mediaLibrary.fields.size')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.dimensions')}</TableCell>
            <TableCell>{translate('mediaLibrary.fields.uploaded')}</TableCell>
            {onAction && <TableCell>{translate('list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.id} data-testid="media-item" selected={file.id === selectedId}>
              <TableCell>
                <ButtonBase
                  onClick={() => onActivate(file)}
                  aria-pressed={file.kind === 'folder' ? undefined : file.id === selectedId}
                  sx={{ gap: 1, justifyContent: 'flex-start', borderRadius: 1, textAlign: 'left', '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' } }}
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
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
