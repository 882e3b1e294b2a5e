import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { DeleteWithConfirmButton, SaveButton, Toolbar } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { deleteModeOf } from './use-resource-def';

/** One field of a two-column form; `full` spans both columns. */
export function FormCell({ full, children }: { full?: boolean; children: ReactNode }) {
  return <Box sx={{ gridColumn: full ? '1 / -1' : undefined, minWidth: 0 }}>{children}</Box>;
}

/** Save on the left, delete (confirmed, in the resource's mode) on the right. */
export function FormToolbar({ def, canDelete }: { def: ResourceManifest; canDelete?: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <DeleteWithConfirmButton mutationMode={deleteModeOf(def)} />}
    </Toolbar>
  );
}
