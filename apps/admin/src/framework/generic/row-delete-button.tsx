import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type MutationMode,
} from 'react-admin';
import { RESOURCES_WITH_USAGES, UsagesNotice } from './usages-notice';

/**
 * Delete one row after confirming; the row goes when the server confirms (spec §4). A record
 * others use (an image) lists those uses in the question.
 */
export function RowDeleteButton({ mutationMode }: { mutationMode: MutationMode }) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const representation = useGetRecordRepresentation(resource)(record);
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  if (!record || !canAccess) return null;
  const name = getResourceLabel(resource, 1);
  const label = `${translate('ra.action.delete')}: ${typeof representation === 'string' ? representation : `#${record.id}`}`;

  return (
    // Clicks inside (also in the portalled dialog) must not open the row: a wrapper, not a control.
    <span role="presentation" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton aria-label={label} color="error" size="small" onClick={() => setOpen(true)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="ra.message.delete_title"
        content={
          RESOURCES_WITH_USAGES.has(resource) && open ? (
            <UsagesNotice resource={resource} id={record.id} none={translate('ra.message.delete_content', { name })} />
          ) : (
            'ra.message.delete_content'
          )
        }
        titleTranslateOptions={{ name, recordRepresentation: typeof representation === 'string' ? representation : `#${record.id}` }}
        contentTranslateOptions={{ name }}
        confirmColor="warning"
        onConfirm={() => void deleteOne(resource, { id: record.id, previousData: record }, { mutationMode, onSettled: () => setOpen(false) })}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
