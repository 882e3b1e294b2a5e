import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, LinearProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import PreviewIcon from '@mui/icons-material/Visibility';
import HidePreviewIcon from '@mui/icons-material/VisibilityOff';
import SaveIcon from '@mui/icons-material/Save';
import { visuallyHidden } from '@mui/utils';
import { Form, ListButton, RecordContextProvider, Title, TopToolbar, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { resourceDef } from '../../framework/definitions';
import { ResourceFields } from '../../framework/generic/resource-form';
import { submissionErrors } from '../../framework/ui/server-errors';
import { toHttpError, toResourceObject } from '../../providers/data-provider';
import { ComponentList, kindLabel } from './component-list';
import { Palette } from './palette';
import { LivePreviewPanel, PreviewDialog, useLivePreview } from './live-preview';
import { PreviewRecordPicker, usePreviewRecord } from './preview-record';
import { UnsavedGuard } from '../../framework/generic/unsaved-guard';
import { useBuilder, type Builder } from './use-builder';
import { builderApi } from './api';
import { componentTypeScope, paletteEntries, templateOf, type ComponentTypeEntry, type Owner } from './model';

/**
 * The edit screen of a page or a global page element: its own fields, then its components as
 * cards with the palette of the kinds it may hold, a live preview beside them (unsaved edits
 * included), and one Save for everything. A save over someone else's change is refused and
 * offers their version.
 */
export function BuilderEdit({ type }: { type: Owner['type'] }) {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const builder = useBuilder(type, id);
  const def = resourceDef(type)!;
  const { loaded } = builder;

  if (builder.failed)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {builder.failed instanceof Error ? builder.failed.message : String(builder.failed)}
      </Alert>
    );
  if (!loaded)
    return (
      <Box sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={translate('pageBuilder.loading')} />
      </Box>
    );

  const name = String(loaded.record[def.titleAttribute ?? 'id'] ?? id);
  const submit = async (values: Record<string, unknown>) => {
    const resource = toResourceObject(def, values, loaded.record);
    const changed = Object.keys(resource.attributes).length + Object.keys(resource.relationships).length > 0;
    const outcome = await builder.save(changed ? { attributes: resource.attributes, relationships: resource.relationships } : null);
    if (outcome.status === 'ownerInvalid') return submissionErrors(toHttpError(def, outcome.error));
    return undefined;
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={`${translate(`resources.${type}.name`, { smart_count: 1 })}: ${name}`} />
      <Typography component="h1" sx={visuallyHidden}>
        {`${translate(`resources.${type}.name`, { smart_count: 1 })}: ${name}`}
      </Typography>
      <TopToolbar>
        <ListButton resource={type} />
      </TopToolbar>
      {builder.stale && (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mb: 2 }}
          data-testid="builder-stale"
          action={
            <Button color="inherit" onClick={() => void builder.reload()}>
              {translate('pageBuilder.reload')}
            </Button>
          }
        >
          {translate('pageBuilder.stale')}
        </Alert>
      )}
      <RecordContextProvider value={loaded.record}>
        <Form key={builder.generation} record={loaded.record} onSubmit={submit} noValidate>
          <OwnerScreen def={def} builder={builder} name={name} />
        </Form>
      </RecordContextProvider>
    </Box>
  );
}

function OwnerScreen({ def, builder, name }: { def: ResourceManifest; builder: Builder; name: string }) {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [width, setWidth] = useState<number>(768);
  // Beside the editor on wide screens; on narrow ones it is opened at full size instead.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [shown, setShown] = useState<boolean | null>(null);
  const showPanel = (shown ?? wide) && wide;
  const owner = builder.loaded!.owner;
  // The title as typed, not yet saved, heads the preview too.
  const typedTitle = useWatch({ name: def.titleAttribute ?? 'title' }) as unknown;
  const previewTitle = typeof typedTitle === 'string' && typedTitle.trim() ? typedTitle : name;
  // A template's page is previewed with a record of its kind: the one picked, else the server's choice.
  const [previewRecord, setPreviewRecord] = usePreviewRecord(owner);
  const preview = useLivePreview(owner, builder.drafts, showPanel || expanded, previewRecord);
  const picker = (idSuffix: string) => <PreviewRecordPicker owner={owner} preview={preview} value={previewRecord} onChange={setPreviewRecord} idSuffix={idSuffix} />;
  const types = useComponentTypes(owner);
  const entries = useMemo(() => (types === null ? [] : paletteEntries(owner, types)), [owner, types]);
  const dirty = isDirty || builder.dirty;
  const selectedIndex = builder.drafts.findIndex((d) => d.key === selected);
  const after = selectedIndex >= 0 ? { position: selectedIndex + 1, name: kindLabel(translate, builder.drafts[selectedIndex].kind) } : null;
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // Cards with issues open, so each issue is seen next to its field.
  const withIssues = Object.entries(builder.issues).filter(([, i]) => Object.keys(i).length).map(([k]) => k);
  const openCards = withIssues.some((k) => !open.has(k)) ? new Set([...open, ...withIssues]) : open;

  return (
    <Box sx={{ width: '100%', display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: showPanel ? 'minmax(0, 1fr) minmax(0, 0.8fr)' : 'minmax(0, 1200px)' }}>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Card component="section" aria-labelledby="owner-fields-heading">
          <CardContent>
            <Typography id="owner-fields-heading" variant="h6" component="h2" gutterBottom>
              {translate('pageBuilder.ownerFields', { name: translate(`resources.${def.type}.name`, { smart_count: 1 }) })}
            </Typography>
            <ResourceFields def={def} />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="builder-heading">
          <CardContent>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
              <Typography id="builder-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
                {translate('pageBuilder.components')} ({builder.drafts.length})
              </Typography>
              {wide ? (
                <Button startIcon={showPanel ? <HidePreviewIcon /> : <PreviewIcon />} onClick={() => setShown(!showPanel)} aria-pressed={showPanel}>
                  {translate('pageBuilder.preview.live')}
                </Button>
              ) : (
                <Button startIcon={<PreviewIcon />} onClick={() => setExpanded(true)}>
                  {translate('pageBuilder.preview.open')}
                </Button>
              )}
            </Stack>
            {owner.type === 'pages' && !owner.pageKind && <Alert severity="info">{translate('pageBuilder.noPageKind')}</Alert>}
            <Palette
              entries={entries}
              loading={types === null}
              fromTypes={!!types?.length}
              after={after}
              onClearAfter={() => setSelected(null)}
              onAdd={(kind) => {
                const draft = builder.add(kind, selected);
                setOpen((current) => new Set([...current, draft.key]));
                setSelected(draft.key);
              }}
            />
            <Divider sx={{ my: 2 }} />
            <ComponentList
              drafts={builder.drafts}
              issues={builder.issues}
              open={openCards}
              onToggle={toggle}
              selected={selected}
              onSelect={setSelected}
              onMove={(from, to) => builder.move(from, to)}
              onOrder={(list) => builder.setOrder(list)}
              onChange={(key, change) => builder.update(key, change)}
              onDuplicate={(key) => {
                const copy = builder.duplicate(key);
                if (copy) {
                  setSelected(copy.key);
                  toggle(copy.key);
                }
              }}
              onRemove={(key) => {
                builder.remove(key);
                if (selected === key) setSelected(null);
              }}
              template={templateOf(owner)}
            />
          </CardContent>
        </Card>
        <SaveBar builder={builder} dirty={dirty} />
        <UnsavedGuard dirty={dirty && !builder.saving} />
      </Stack>
      {showPanel && (
        <Card sx={{ position: 'sticky', top: 72, maxHeight: 'calc(100vh - 88px)', overflow: 'auto' }}>
          <CardContent>
            <LivePreviewPanel preview={preview} title={previewTitle} width={width} onWidth={setWidth} onExpand={() => setExpanded(true)} picker={picker('panel')} />
          </CardContent>
        </Card>
      )}
      {expanded && <PreviewDialog preview={preview} title={previewTitle} width={width} onWidth={setWidth} onClose={() => setExpanded(false)} picker={picker('dialog')} />}
    </Box>
  );
}

/** The client's component types for the owner's builder; an empty list while loading or when it fails (the declared kinds are offered then). */
function useComponentTypes(owner: Owner): ComponentTypeEntry[] | null {
  const [types, setTypes] = useState<ComponentTypeEntry[] | null>(null);
  const scope = componentTypeScope(owner);
  useEffect(() => {
    let live = true;
    builderApi()
      .componentTypes(scope)
      .then((list) => live && setTypes(list))
      .catch(() => live && setTypes([]));
    return () => {
      live = false;
    };
  }, [scope]);
  return types;
}

function SaveBar({ builder, dirty }: { builder: Builder; dirty: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const busy = builder.saving || isSubmitting;
  const issueCount = Object.values(builder.issues).filter((i) => Object.keys(i).length).length;
  return (
    <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 1 }}>
      {busy && <LinearProgress aria-label={translate('pageBuilder.saving')} sx={{ mb: 1 }} />}
      <Stack direction="row" spacing={2} alignItems="center">
        <Button type="submit" variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />} disabled={busy}>
          {translate(busy ? 'pageBuilder.saving' : 'ra.action.save')}
        </Button>
        <Typography variant="body2" role="status" data-testid="builder-status">
          {issueCount > 0
            ? translate('pageBuilder.fixIssues', { smart_count: issueCount })
            : dirty
              ? translate('pageBuilder.unsavedChanges')
              : builder.justSaved
                ? translate('pageBuilder.saved')
                : ''}
        </Typography>
      </Stack>
    </Box>
  );
}
