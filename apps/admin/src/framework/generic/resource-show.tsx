import { Box } from '@mui/material';
import { EditButton, Labeled, Show, TopToolbar } from 'react-admin';
import { AttributeField, RelationshipField } from './fields';
import { belongsTo } from './conventions';
import { includesOf, useResourceDef } from './use-resource-def';
import { RecordHistory } from '../history/record-history';
import type { AttributeManifest } from '@umpire/schema/manifest';

const timestamp = (name: string): AttributeManifest => ({
  name,
  type: 'datetime',
  required: false,
  filter: false,
  sort: false,
  search: false,
  readOnly: true,
  unique: false,
  list: false,
});

/** A record read-only (what a viewer opens), with its history of changes. */
export default function ResourceShow() {
  const def = useResourceDef();
  return (
    <Show
      queryOptions={{ meta: { include: includesOf(def) } }}
      actions={
        <TopToolbar>
          <EditButton />
        </TopToolbar>
      }
    >
      <Box sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {def.attributes.map((attr) => (
          <Labeled key={attr.name} source={attr.name}>
            <AttributeField attr={attr} />
          </Labeled>
        ))}
        {belongsTo(def).map((rel) => (
          <Labeled key={rel.source} source={rel.source}>
            <RelationshipField rel={rel} />
          </Labeled>
        ))}
        {['created_at', 'updated_at'].map((name) => (
          <Labeled key={name} source={name}>
            <AttributeField attr={timestamp(name)} />
          </Labeled>
        ))}
      </Box>
      <RecordHistory />
    </Show>
  );
}
