import { useEffect } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Create,
  Edit,
  ShowButton,
  SimpleForm,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { resourceDef } from '../../../framework/definitions';
import { AttributeInput, RelationshipInput } from '../../../framework/generic/inputs';
import { FormCell as Cell, FormToolbar } from '../../../framework/generic/form-parts';
import { belongsTo, widgetOf, writableAttributes } from '../../../framework/generic/conventions';
import { includesOf } from '../../../framework/generic/use-resource-def';
import { RecordHistory } from '../../../framework/history/record-history';
import { TiebreakerOrderInput } from './tiebreaker-order-input';

/** The fields of the table's rules, edited in their own section. */
export const RULE_FIELDS = ['points_for_win', 'points_for_draw', 'points_for_loss', 'tiebreakers', 'head_to_head_only_when_complete'];

/**
 * A competition's form: its details as in every form, then the rules of its tables (points per
 * result and the order of tiebreakers, shown with the standings).
 */
function CompetitionForm({ canDelete }: { canDelete?: boolean }) {
  const translate = useTranslate();
  const def = resourceDef('competitions')!;
  const location = useLocation();
  const attributes = writableAttributes(def).filter((a) => !RULE_FIELDS.includes(a.name));
  const points = writableAttributes(def).filter((a) => a.name.startsWith('points_for_'));
  const headToHead = writableAttributes(def).find((a) => a.name === 'head_to_head_only_when_complete')!;
  useEffect(() => {
    // The standings link to the rules: bring them into view.
    if (location.hash === '#rules') document.getElementById('rules')?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  return (
    <SimpleForm
      warnWhenUnsavedChanges
      toolbar={<FormToolbar def={def} canDelete={canDelete} />}
    >
      <Box sx={{ display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%', maxWidth: 960 }}>
        {attributes.map((attr) => (
          <Cell key={attr.name} full={widgetOf(attr) === 'multiline'}>
            <AttributeInput attr={attr} />
          </Cell>
        ))}
        {belongsTo(def).map((rel) => (
          <Cell key={rel.name} full={rel.type === 'images'}>
            <RelationshipInput rel={rel} />
          </Cell>
        ))}
      </Box>
      <Box id="rules" component="section" aria-labelledby="rules-title" sx={{ width: '100%', maxWidth: 960, mt: 2, scrollMarginTop: 80 }}>
        <Divider sx={{ mb: 2 }} />
        <Typography id="rules-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {translate('tiebreakers.sectionTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('tiebreakers.sectionHelp')}
        </Typography>
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {points.map((attr) => (
            <AttributeInput key={attr.name} attr={attr} />
          ))}
        </Box>
        <TiebreakerOrderInput />
        <AttributeInput attr={headToHead} />
        <Typography variant="body2" color="text.secondary">
          {translate('tiebreakers.headToHeadWhenCompleteHelp')}
        </Typography>
      </Box>
    </SimpleForm>
  );
}

export default function CompetitionEdit() {
  const def = resourceDef('competitions')!;
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'competitions' });
  const include = includesOf(def);
  const queryClient = useQueryClient();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: { include } }}
      // New points or tiebreakers reorder every table of the competition.
      mutationOptions={{ meta: { include }, onSettled: () => void queryClient.invalidateQueries({ queryKey: ['groups', 'standings'] }) }}
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <CompetitionForm canDelete={canDelete} />
      <RecordHistory />
    </Edit>
  );
}

export function CompetitionCreate() {
  const def = resourceDef('competitions')!;
  return (
    <Create redirect="edit" mutationOptions={{ meta: { include: includesOf(def) } }}>
      <CompetitionForm />
    </Create>
  );
}
