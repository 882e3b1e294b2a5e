import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/CloudUpload';
import { useTranslate } from 'react-admin';
import { FILE_EXTENSIONS } from '@umpire/schema/enums';
import { MEDIA_DRAG_TYPE } from './drag-move';

const ACCEPT = FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The file button: a real file input behind a labelled button, so it works from the keyboard. */
export function UploadButton({ onFiles, label }: { onFiles: (files: File[]) => void; label?: string }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="contained" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
        {label ?? translate('mediaLibrary.upload.button')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="media-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again still uploads it.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** Files from the computer; library files dragged on the screen (their thumbnails may carry 'Files' too) are moves, not uploads. */
const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files') && ![...event.dataTransfer.types].includes(MEDIA_DRAG_TYPE);

/** Files dropped anywhere on its content are uploaded into the open folder; shown while dragging. */
export function DropZone({ onFiles, disabled, children }: { onFiles: (files: File[]) => void; disabled?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const [over, setOver] = useState(0);
  if (disabled) return <>{children}</>;
  return (
    <Box
      data-testid="media-drop-zone"
      onDragEnter={(event) => hasFiles(event) && setOver((n) => n + 1)}
      onDragLeave={(event) => hasFiles(event) && setOver((n) => Math.max(0, n - 1))}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(0);
        const files = [...event.dataTransfer.files];
        if (files.length) onFiles(files);
      }}
      sx={{ position: 'relative', minHeight: 240, borderRadius: 1, outline: over ? 2 : 0, outlineStyle: 'dashed', outlineColor: 'primary.main', outlineOffset: 4 }}
    >
      {children}
      {over > 0 && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255,255,255,0.88)', pointerEvents: 'none', borderRadius: 1 }}>
          <Typography variant="h6" component="p">
            {translate('mediaLibrary.upload.dropHere')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
