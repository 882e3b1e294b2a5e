import type { ReactElement, ReactNode } from 'react';
import {
  BulkDeleteButton,
  ColumnsButton,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  downloadCSV,
  useCanAccess,
  useResourceContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import type { AttributeManifest, ResourceManifest } from '@umpire/schema/manifest';
import { resourceDef } from '../../framework/definitions';
import { AttributeField, RecordLink, RelationshipField } from './fields';
import { CountryInput } from './inputs';
import { LeagueDateInput, LeagueDateTimeInput, LeagueMatchDateTimeInput } from '../dates/league-date-inputs';
import { belongsTo, defaultSortOf, referencePicker, widgetOf } from './conventions';
import { deleteModeOf, includesOf, useResourceDef } from './use-resource-def';
import { RowDeleteButton } from './row-delete-button';
import { toCsv } from './csv';

const TIMESTAMPS = ['created_at', 'updated_at'];

function filterInputs(def: ResourceManifest, translate: ReturnType<typeof useTranslate>): ReactElement[] {
  const field = (source: string) => translate(`resources.${def.type}.fields.${source}`);
  const inputs: ReactElement[] = [];
  if (def.attributes.some((a) => a.search)) inputs.push(<SearchInput key="q" source="q" alwaysOn />);
  for (const attr of def.attributes.filter((a) => a.filter)) inputs.push(...attributeFilters(def, attr, field, translate));
  for (const rel of belongsTo(def).filter((r) => r.type !== 'images')) {
    const { optionText, sort, filterToQuery } = referencePicker(resourceDef(rel.type));
    inputs.push(
      <ReferenceInput key={rel.source} source={rel.source!} reference={rel.type} sort={sort}>
        <AutocompleteInput optionText={optionText} filterToQuery={filterToQuery} />
      </ReferenceInput>,
    );
  }
  return inputs;
}

function attributeFilters(
  def: ResourceManifest,
  attr: AttributeManifest,
  field: (s: string) => string,
  translate: ReturnType<typeof useTranslate>,
): ReactElement[] {
  const widget = widgetOf(attr);
  if (attr.filter === 'range') {
    // Labels are passed translated: react-admin cannot pass arguments to a label's key.
    const [fromKey, toKey] = [`${attr.name}_gte`, `${attr.name}_lte`];
    const from = { source: fromKey, label: translate('list.rangeFrom', { field: field(attr.name) }) };
    const to = { source: toKey, label: translate('list.rangeTo', { field: field(attr.name) }) };
    if (widget === 'date') return [<LeagueDateInput key={fromKey} {...from} />, <LeagueDateInput key={toKey} {...to} />];
    if (widget === 'matchDate') {
      return [<LeagueMatchDateTimeInput key={fromKey} {...from} helperText={false} />, <LeagueMatchDateTimeInput key={toKey} {...to} helperText={false} />];
    }
    if (widget === 'datetime') return [<LeagueDateTimeInput key={fromKey} {...from} />, <LeagueDateTimeInput key={toKey} {...to} />];
    return [<NumberInput key={fromKey} {...from} />, <NumberInput key={toKey} {...to} />];
  }
  switch (widget) {
    case 'choice':
      return [<SelectInput key={attr.name} source={attr.name} choices={attr.choices!.map((id) => ({ id, name: `resources.${def.type}.choices.${attr.name}.${id}` }))} />];
    case 'boolean':
      return [<NullableBooleanInput key={attr.name} source={attr.name} />];
    case 'country':
      return [<CountryInput key={attr.name} source={attr.name} />];
    default:
      return [<TextInput key={attr.name} source={attr.name} />];
  }
}

export interface ResourceListProps {
  /** A column shown first (e.g. an image preview). */
  leading?: ReactNode;
  /** Columns shown after the declared ones (a toggle, a computed value). */
  trailing?: ReactNode;
  /**
   * Shown inside another record's page (a quiz's attempts): always filtered by `filter`, its
   * filters and page kept apart from the address and from the resource's own list.
   */
  embedded?: { filter: Record<string, unknown>; storeKey: string; actions?: ReactNode };
  /** Actions on the ticked rows beside the bulk delete (the matches' "Edit selected"). */
  bulkActions?: ReactNode;
  /** Buttons of the toolbar beside the filters (an action on what the filter shows). */
  toolbarActions?: ReactNode;
}

/**
 * The list of any declared resource: search, filters, sorting, pagination, column choice,
 * CSV export, bulk delete, row delete after confirmation and an empty state.
 */
export default function ResourceList({ leading, trailing, embedded, bulkActions, toolbarActions }: ResourceListProps) {
  const def = useResourceDef();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource });
  const mode = deleteModeOf(def);
  const hidden = [...def.attributes.filter((a) => !a.list).map((a) => a.name), ...TIMESTAMPS];
  // The column that links each row to its record (keyboard users cannot click a row): the title,
  // else the first listed field that shows text (a check mark cannot name a link).
  const primary = def.titleAttribute ?? def.attributes.find((a) => a.list && a.type !== 'boolean' && a.type !== 'json')?.name;
  const exporter: Exporter = (records: RaRecord[]) =>
    downloadCSV(
      toCsv(def, records, (s) => translate(`resources.${def.type}.fields.${s}`, { _: s })),
      translate(`resources.${def.type}.name`, { smart_count: 2 }),
    );

  return (
    <List
      sort={defaultSortOf(def)}
      filters={filterInputs(def, translate).filter((input) => !embedded || !(String(input.key) in embedded.filter))}
      {...(embedded ? { filter: embedded.filter, disableSyncWithLocation: true, storeKey: embedded.storeKey, title: ' ' } : {})}
      queryOptions={{ meta: { include: includesOf(def) } }}
      exporter={exporter}
      perPage={25}
      // Wide tables scroll inside the card, so the toolbar stays on screen on tablets and phones.
      // react-admin writes its empty page in the disabled grey, below the contrast the app keeps.
      sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 }, '& .RaList-noResults .RaEmpty-message': { color: 'text.primary' } }}
      actions={
        <TopToolbar>
          <FilterButton />
          {toolbarActions}
          <ColumnsButton />
          {embedded?.actions ?? (!def.readOnly && !def.serverCreated && <CreateButton />)}
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable
        rowClick={canEdit && !def.readOnly ? 'edit' : 'show'}
        hiddenColumns={hidden}
        bulkActionButtons={
          bulkActions || (canDelete && !def.readOnly) ? (
            <>
              {bulkActions}
              {canDelete && !def.readOnly && <BulkDeleteButton mutationMode={mode} />}
            </>
          ) : (
            false
          )
        }
      >
        {leading}
        {imageColumns(def)}
        {def.attributes
          .filter((a) => a.type !== 'json')
          .map((attr) => (
            <DataTable.Col key={attr.name} source={attr.name} disableSort={!attr.sort}>
              {attr.name === primary ? (
                <RecordLink source={attr.name}>
                  <AttributeField attr={attr} />
                </RecordLink>
              ) : (
                <AttributeField attr={attr} />
              )}
            </DataTable.Col>
          ))}
        {belongsTo(def)
          .filter((r) => r.type !== 'images')
          .map((rel) => (
            <DataTable.Col key={rel.source} source={rel.source} disableSort>
              <RelationshipField rel={rel} />
            </DataTable.Col>
          ))}
        {trailing}
        {TIMESTAMPS.map((name) => (
          <DataTable.Col key={name} source={name}>
            <AttributeField attr={{ name, type: 'datetime', required: false, filter: false, sort: false, search: false, readOnly: true, unique: false, list: false }} />
          </DataTable.Col>
        ))}
        {canDelete && !def.readOnly && (
          <DataTable.Col source="actions" label={translate('list.actions')} disableSort align="right">
            <RowDeleteButton mutationMode={mode} />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
}

function imageColumns(def: ResourceManifest) {
  return belongsTo(def)
    .filter((r) => r.type === 'images')
    .map((rel) => (
      <DataTable.Col key={rel.source} source={rel.source} disableSort>
        <RelationshipField rel={rel} />
      </DataTable.Col>
    ));
}
