import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { DeleteWithConfirmButton, SaveButton, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { AttributeInput, RelationshipInput } from './inputs';
import { belongsTo, widgetOf, writableAttributes } from './conventions';
import { deleteModeOf } from './use-resource-def';
import { RESOURCES_WITH_USAGES, UsagesNotice } from './usages-notice';

const FULL_WIDTH = new Set(['multiline', 'json']);

function Cell({ full, children }: { full?: boolean; children: ReactNode }) {
  return <Box sx={{ gridColumn: full ? '1 / -1' : undefined, minWidth: 0 }}>{children}</Box>;
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
        withUsages ? <UsagesNotice resource={def.type} id={record.id} none={translate('ra.message.delete_content', { name: translate(`resources.${def.type}.name`, { smart_count: 1 }) })} /> : undefined
      }
    />
  );
}

/**
 * The form of any declared resource. Order: the record's name, its required links, the other
 * fields, then optional links and images. Two columns from 1024 px on.
 */
export function ResourceForm({ def, canDelete }: { def: ResourceManifest; canDelete?: boolean }) {
  const attributes = writableAttributes(def);
  const title = attributes.filter((a) => a.name === def.titleAttribute);
  const others = attributes.filter((a) => a.name !== def.titleAttribute);
  const links = belongsTo(def);
  const required = links.filter((r) => r.required);
  const optional = links.filter((r) => !r.required);

  return (
    <SimpleForm
      warnWhenUnsavedChanges
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {canDelete && <FormDeleteButton def={def} />}
        </Toolbar>
      }
    >
      <Box sx={{ display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%', maxWidth: 960 }}>
        {title.map((attr) => (
          <Cell key={attr.name}>
            <AttributeInput attr={attr} />
          </Cell>
        ))}
        {required.map((rel) => (
          <Cell key={rel.name}>
            <RelationshipInput rel={rel} />
          </Cell>
        ))}
        {others.map((attr) => (
          <Cell key={attr.name} full={FULL_WIDTH.has(widgetOf(attr))}>
            <AttributeInput attr={attr} />
          </Cell>
        ))}
        {optional.map((rel) => (
          <Cell key={rel.name} full={rel.type === 'images'}>
            <RelationshipInput rel={rel} />
          </Cell>
        ))}
      </Box>
    </SimpleForm>
  );
}
