import { useEffect } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PUBLICATION_STATUSES } from '@umpire/schema';
import { translationBadge } from '../../lib/translation-cache';
import { LOCALES, watchArticles } from './api';
import { DateTimeField } from '../../framework/dates/date-time-field';

const statusChoices = (translate: (k: string) => string) => PUBLICATION_STATUSES.map((s) => ({ id: s, name: translate(`resources.articles.choices.status.${s}`) }));

/** Each locale of an article: present, missing or outdated (another locale changed after it). */
export function TranslationChips({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      {LOCALES.map((locale) => {
        const badge = translationBadge(record as never, locale);
        const label = `${locale.toUpperCase()}${badge ? ` · ${translate(`articlesPage.badge.${badge}`)}` : ''}`;
        return <Chip key={locale} size="small" label={label} color={badge === 'missing' ? 'default' : badge === 'outdated' ? 'warning' : 'success'} variant={badge === 'missing' ? 'outlined' : 'filled'} />;
      })}
    </Stack>
  );
}

/**
 * Articles: search in titles and leads, filters by status, translation, category and tag, sorting
 * and pages; the list reloads itself when an article changes or its publication window opens or
 * closes (ContentChannel on /cable).
 */
export default function ArticleList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  useEffect(() => watchArticles(() => refresh()), [refresh]);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('articlesPage.search')} />,
    <SelectInput key="status" source="status" label="articlesPage.filters.status" choices={statusChoices(translate)} alwaysOn />,
    <SelectInput key="locale" source="locale" label="articlesPage.filters.locale" choices={LOCALES.map((l) => ({ id: l, name: translate(`languages.${l}`) }))} alwaysOn />,
    <ReferenceInput key="category" source="publication_category_id" reference="publication_categories" alwaysOn>
      <AutocompleteInput label="articlesPage.filters.category" optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="tags" source="tags" reference="tags" alwaysOn>
      <AutocompleteInput label="articlesPage.filters.tag" optionText="name" />
    </ReferenceInput>,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'updated_at', order: 'DESC' }}
      queryOptions={{ meta: { include: ['publication_category'] } }}
      actions={
        <TopToolbar>
          <CreateButton label="articlesPage.create" />
        </TopToolbar>
      }
      title={translate('articlesPage.title')}
    >
      <Typography variant="body2" sx={{ px: 2, pt: 1 }} color="text.secondary" role="note">
        {translate('articlesPage.live')}
      </Typography>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" sortable={false} />
        <FunctionField source="available_translations" sortable={false} render={(record: RaRecord) => <TranslationChips record={record} />} />
        <SelectField source="status" choices={statusChoices(translate)} />
        <BooleanField source="visible" sortable={false} />
        <ReferenceField source="publication_category_id" reference="publication_categories" link={false} sortable={false}>
          <TextField source="name" />
        </ReferenceField>
        <DateTimeField source="updated_at" />
      </Datagrid>
    </List>
  );
}
