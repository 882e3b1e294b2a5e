import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useGetMany, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { RecordPicker } from './link-editors';
import { TARGET_PICKING, targetNameOf } from './link-targets';
import { HttpFailure } from '../../providers/http-client';
import type { LivePreview } from './live-preview';
import { templateOf, templateRecordType, type Owner } from './model';

/**
 * A template's page (its type a template for matches, clubs, players or competition seasons) is
 * previewed with one record of that kind filling its empty links: the one staff pick here, sent as
 * `record=` with the preview, or, left empty, one the server picks and names. The choice is kept
 * per page for the browser session, so coming back to the page shows it with the same record.
 */

interface StoredChoice {
  type: string;
  id: string;
}

const storageKey = (owner: Owner) => `umpire.pageBuilder.previewRecord.${owner.type}.${owner.id}`;

function readChoice(key: string): StoredChoice | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<StoredChoice> | null;
    return value && typeof value.type === 'string' && typeof value.id === 'string' ? { type: value.type, id: value.id } : null;
  } catch {
    return null;
  }
}

function writeChoice(key: string, choice: StoredChoice | null): void {
  try {
    if (choice) sessionStorage.setItem(key, JSON.stringify(choice));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode, quota): the choice lasts while the screen is open.
  }
}

/**
 * The record the owner's preview is asked with: null for a page that is no template of a kind of
 * record, and until staff pick one (the server picks then). A choice of another kind (the page
 * type's template changed since) is not used.
 */
export function usePreviewRecord(owner: Owner): [string | null, (id: string | null) => void] {
  const type = templateRecordType(owner);
  const key = storageKey(owner);
  const [stored, setStored] = useState(() => ({ key, choice: readChoice(key) }));
  const choice = stored.key === key ? stored.choice : readChoice(key);
  const set = (id: string | null) => {
    const next = id && type ? { type, id } : null;
    writeChoice(key, next);
    setStored({ key, choice: next });
  };
  return [type && choice?.type === type ? choice.id : null, set];
}

/** What the preview says about its record: the server's refusal of the one asked for, in the interface's words. */
function useRecordErrorText(owner: Owner, preview: LivePreview): string | undefined {
  const translate = useTranslate();
  if (preview.updating || !preview.recordRefused || !(preview.error instanceof HttpFailure)) return undefined;
  if (preview.error.status === 404) return translate(`pageBuilder.previewRecord.notFound.${templateOf(owner)}`);
  const error = preview.error.errors.find((e) => e.source?.parameter === 'record') ?? preview.error.errors[0];
  return translate('pageBuilder.previewRecord.invalid', { detail: error?.detail ?? error?.title ?? preview.error.message });
}

/** The name of the record the server picked for the preview (its id until the record is read). */
function usePickedName(type: string, id: string | null): string | null {
  const nameOf = useMemo(() => targetNameOf(resourceDef(type)), [type]);
  const include = TARGET_PICKING[type]?.include;
  const { data } = useGetMany<RaRecord>(type, { ids: id ? [id] : [], ...(include ? { meta: { include } } : {}) }, { enabled: !!id });
  if (!id) return null;
  const record = data?.find((r) => String(r.id) === id);
  return record ? nameOf(record) : `#${id}`;
}

/** "Preview with: [match]" above a template page's preview; nothing for other pages. */
export function PreviewRecordPicker({ owner, preview, value, onChange, idSuffix = 'panel' }: { owner: Owner; preview: LivePreview; value: string | null; onChange: (id: string | null) => void; idSuffix?: string }) {
  const type = templateRecordType(owner);
  if (!type) return null;
  return <RecordChoice owner={owner} type={type} preview={preview} value={value} onChange={onChange} idSuffix={idSuffix} />;
}

function RecordChoice({ owner, type, preview, value, onChange, idSuffix }: { owner: Owner; type: string; preview: LivePreview; value: string | null; onChange: (id: string | null) => void; idSuffix: string }) {
  const translate = useTranslate();
  const template = templateOf(owner);
  const error = useRecordErrorText(owner, preview);
  // The record the answer was made with, when it was the server's pick (nothing asked for).
  const answered = preview.doc?.meta?.template;
  const settled = !value && !preview.updating && !!answered;
  const picked = settled && answered.record?.type === type ? answered.record.id : null;
  const pickedName = usePickedName(type, picked);
  const helper = value
    ? ' '
    : !settled
      ? translate('pageBuilder.previewRecord.auto')
      : pickedName
        ? translate('pageBuilder.previewRecord.picked', { name: pickedName })
        : translate(`pageBuilder.previewRecord.noRecord.${template}`);
  return (
    <Box sx={{ mb: 1, maxWidth: 640 }} data-testid="preview-record" data-picked={picked ?? ''}>
      <RecordPicker
        id={`preview-record-${idSuffix}`}
        target={type}
        label={translate(`pageBuilder.previewRecord.label.${template}`)}
        value={value}
        onChange={onChange}
        error={error}
        helper={helper}
      />
    </Box>
  );
}
