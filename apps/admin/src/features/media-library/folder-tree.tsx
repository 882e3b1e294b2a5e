import { useState } from 'react';
import { Box, ButtonBase, CircularProgress, IconButton } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { listFiles } from './media-api';
import { folderPathOf, isInside, ROOT } from './paths';
import { mediaKeys } from './query-keys';
import { dropOutline, useDropTarget } from './drag-move';

/** Folders per level: a league's folders are few; more than this are reached from the grid. */
const TREE_PAGE = 100;

/**
 * The library's folders as a nested list of buttons (each level loaded when opened). The open
 * folder is marked as the current one; the way to it is opened.
 */
export function FolderTree({ current, onOpen, label }: { current: string; onOpen: (path: string) => void; label: string }) {
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={label} sx={{ minWidth: 0 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <FolderNode path={ROOT} name={translate('mediaLibrary.root')} depth={0} current={current} onOpen={onOpen} />
      </Box>
    </Box>
  );
}

function FolderNode({ path, name, depth, current, onOpen }: { path: string; name: string; depth: number; current: string; onOpen: (path: string) => void }) {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState<boolean | null>(null);
  // Folders on the way to the open one are shown open until the user closes them.
  const open = expanded ?? isInside(current, path);
  const { data, isPending } = useQuery({
    queryKey: mediaKeys.folders(path),
    queryFn: () => listFiles({ path, kinds: ['folder'], perPage: TREE_PAGE, sort: 'name' }),
    enabled: open,
  });
  const isCurrent = current === path;
  // On the library screen, library files dragged onto a folder move there.
  const drop = useDropTarget(path);
  const Icon = isCurrent ? FolderOpenIcon : FolderIcon;
  return (
    <li>
      <Box {...drop.props} sx={{ display: 'flex', alignItems: 'center', pl: depth * 1.5, borderRadius: 1, ...dropOutline(drop.over) }}>
        <IconButton
          size="small"
          aria-expanded={open}
          aria-label={translate(open ? 'mediaLibrary.collapseFolder' : 'mediaLibrary.expandFolder', { name })}
          onClick={() => setExpanded(!open)}
        >
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <ButtonBase
          onClick={() => onOpen(path)}
          aria-current={isCurrent ? 'page' : undefined}
          sx={{
            flex: 1,
            minWidth: 0,
            justifyContent: 'flex-start',
            gap: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            fontWeight: isCurrent ? 600 : 400,
            bgcolor: isCurrent ? 'action.selected' : undefined,
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          }}
        >
          <Icon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </ButtonBase>
      </Box>
      {open && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {isPending && (
            <li>
              <CircularProgress size={16} sx={{ ml: depth * 1.5 + 5 }} aria-label={translate('ra.page.loading')} />
            </li>
          )}
          {data?.files.map((folder) => (
            <FolderNode key={folder.id} path={folderPathOf(folder)} name={folder.name.replace(/\/$/, '')} depth={depth + 1} current={current} onOpen={onOpen} />
          ))}
        </Box>
      )}
    </li>
  );
}
