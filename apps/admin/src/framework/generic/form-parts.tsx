import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { DeleteWithConfirmButton, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { deleteModeOf } from './use-resource-def';
import { RESOURCES_WITH_USAGES, UsagesNotice } from './usages-notice';

/** One field of a two-column form; `full` spans both columns. */
export function FormCell({ full, children }: { full?: boolean; children: ReactNode }) {
  return <Box sx={{ gridColumn: full ? '1 / -1' : undefined, minWidth: 0 }}>{children}</Box>;
}

/** Save on the left, delete (confirmed, in the resource's mode) on the right. */
export function FormToolbar({ def, canDelete }: { def: ResourceManifest; canDelete?: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <FormDeleteButton def={def} />}
    </Toolbar>
  );
}

/** Deletes the record after confirming; a record others use (an image) lists those uses first. */
function FormDeleteButton({ def }: { def: ResourceManifest }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const withUsages = RESOURCES_WITH_USAGES.has(def.type) && record;
  return (
    <DeleteWithConfirmButton
      mutationMode={deleteModeOf(def)}
      confirmContent={
        withUsages ? (
          <UsagesNotice
            resource={def.type}
            id={record.id}
            none={translate('ra.message.delete_content', { name: translate(`resources.${def.type}.name`, { smart_count: 1 }) })}
          />
        ) : undefined
      }
    />
  );
}
