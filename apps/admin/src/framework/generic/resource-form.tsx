import { Box } from '@mui/material';
import { SimpleForm } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { AttributeInput, RelationshipInput } from './inputs';
import { belongsTo, widgetOf, writableAttributes } from './conventions';
import { FormCell as Cell, FormToolbar } from './form-parts';

const FULL_WIDTH = new Set(['multiline', 'json']);

/**
 * The form of any declared resource. Order: the record's name, its required links, the other
 * fields, then optional links and images. Two columns from 1024 px on.
 */
export function ResourceForm({ def, canDelete }: { def: ResourceManifest; canDelete?: boolean }) {
  return (
    <SimpleForm
      warnWhenUnsavedChanges
      toolbar={<FormToolbar def={def} canDelete={canDelete} />}
    >
      <ResourceFields def={def} />
    </SimpleForm>
  );
}

/** The inputs of a declared resource's form, inside any react-admin form (a screen with its own save). */
export function ResourceFields({ def }: { def: ResourceManifest }) {
  const attributes = writableAttributes(def);
  const title = attributes.filter((a) => a.name === def.titleAttribute);
  const others = attributes.filter((a) => a.name !== def.titleAttribute);
  const links = belongsTo(def);
  const required = links.filter((r) => r.required);
  const optional = links.filter((r) => !r.required);

  return (
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
  );
}
