import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import OpenInFull from '@mui/icons-material/OpenInFull';
import { useTranslate } from 'react-admin';
import { HttpFailure } from '../../providers/http-client';
import { builderApi, type JsonApiDocument } from './api';
import type { Draft, Owner } from './model';
import { PreviewFrame, previewLocale, WidthToggle } from './preview-frame';

/** How long the drafts must rest before the preview is asked again (typing is not a request per key). */
export const PREVIEW_DELAY_MS = 400;

export interface LivePreview {
  /** The last document the server answered (kept while the next one is on its way). */
  doc: JsonApiDocument | null;
  error: unknown;
  updating: boolean;
  /** Drafts the server named as unfinished: shown anyway, their issues are in their cards. */
  unfinished: number;
  /** The client's global page elements, drawn around the page as on the website (none until loaded, or when they cannot be). */
  globals: JsonApiDocument[];
  /** The record a template's page was asked to be shown with (null: the server picks one). */
  record: string | null;
  /** Whether `error` refuses the record the request named (said beside the record's picker, not above the page). */
  recordRefused: boolean;
}

/**
 * Whether a preview's failure is the refusal of the record it named: an error on the `record`
 * parameter (a malformed id), or a 404 to a request that named one (the server's answer for an id
 * of no record of the kind, or of another league's, names no parameter).
 */
export function isRecordRefusal(error: unknown, record: string | null): error is HttpFailure {
  if (!(error instanceof HttpFailure)) return false;
  return error.errors.some((e) => e.source?.parameter === 'record') || (error.status === 404 && record !== null);
}

/** The global page elements, read once the preview is first shown. */
function useGlobalElements(enabled: boolean): JsonApiDocument[] {
  const [globals, setGlobals] = useState<JsonApiDocument[] | null>(null);
  const wanted = enabled && globals === null;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    builderApi()
      .globalElements(controller.signal)
      .then(setGlobals)
      .catch(() => {
        // The page is drawn without its header and footer rather than not at all.
        if (!controller.signal.aborted) setGlobals([]);
      });
    return () => controller.abort();
  }, [wanted]);
  return globals ?? [];
}

/**
 * The owner as readers would get it with the drafts as they are now, unsaved edits included:
 * POST /{pages|global_page_elements}/{id}/preview, asked again when the drafts change and have
 * rested a moment, or at once for another `record` (a template's page shown with another match,
 * club…); an answer overtaken by a newer request is dropped (aborted).
 */
export function useLivePreview(owner: Owner, drafts: Draft[], enabled: boolean, record: string | null = null): LivePreview {
  // `answered`: the drafts and record the document (or the error) belongs to; newer ones mean it is updating.
  const [state, setState] = useState<{ doc: JsonApiDocument | null; error: unknown; answered: { drafts: Draft[]; record: string | null } | null }>({
    doc: null,
    error: null,
    answered: null,
  });
  const asked = useRef<{ record: string | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // The first request, and one for another record, go at once; typing rests first.
    const now = asked.current === null || asked.current.record !== record;
    const timer = setTimeout(
      () => {
        asked.current = { record };
        const answered = { drafts, record };
        builderApi()
          .previewDrafts(owner, drafts, controller.signal, previewLocale(), record)
          .then((doc) => setState({ doc, error: null, answered }))
          .catch((error: unknown) => {
            if (!controller.signal.aborted) setState((s) => ({ ...s, error, answered }));
          });
      },
      now ? 0 : PREVIEW_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [owner, drafts, enabled, record]);
  // A global element's own drafts replace its stored copy: the page document comes first.
  const globals = useGlobalElements(enabled);
  return {
    globals,
    doc: state.doc,
    error: state.error,
    updating: enabled && (state.answered?.drafts !== drafts || state.answered.record !== record),
    unfinished: Object.keys(state.doc?.meta?.issues ?? {}).length,
    record,
    recordRefused: isRecordRefusal(state.error, state.answered?.record ?? null),
  };
}

export function errorText(error: unknown): string {
  if (error instanceof HttpFailure) return error.errors[0]?.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Whether the preview is up to date with the drafts, and how many drafts are not finished. */
export function PreviewStatus({ preview }: { preview: LivePreview }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" role="status" data-testid="live-preview-status" data-updating={preview.updating} sx={{ minHeight: 24 }}>
      {preview.updating && <CircularProgress size={14} aria-hidden />}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {preview.updating
          ? translate('pageBuilder.preview.updating')
          : preview.error
            ? translate('pageBuilder.preview.failed')
            : preview.unfinished
              ? translate('pageBuilder.preview.unfinished', { smart_count: preview.unfinished })
              : translate('pageBuilder.preview.upToDate')}
      </Typography>
    </Stack>
  );
}

/**
 * The preview beside the editor: the page as the website draws it (the same renderers, its header
 * and footer around it), laid out at the chosen width and scaled down to the panel, so 1280 px are
 * seen whole; the dialog shows it at full size.
 */
export function LivePreviewPanel({
  preview,
  title,
  width,
  onWidth,
  onExpand,
  picker,
}: {
  preview: LivePreview;
  title: string;
  width: number;
  onWidth: (width: number) => void;
  onExpand: () => void;
  /** Above the page: what a template's page is shown with (PreviewRecordPicker). */
  picker?: ReactNode;
}) {
  const translate = useTranslate();
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ available: 0, height: 0 });
  useLayoutEffect(() => {
    const measure = () => setBox({ available: outer.current?.clientWidth ?? 0, height: inner.current?.offsetHeight ?? 0 });
    measure();
    const observer = new ResizeObserver(measure);
    if (outer.current) observer.observe(outer.current);
    if (inner.current) observer.observe(inner.current);
    return () => observer.disconnect();
  }, [preview.doc]);
  const scale = box.available ? Math.min(1, box.available / width) : 1;
  return (
    <Box component="section" aria-labelledby="live-preview-heading" data-testid="live-preview">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="live-preview-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('pageBuilder.preview.live')}
        </Typography>
        <Button size="small" startIcon={<OpenInFull />} onClick={onExpand}>
          {translate('pageBuilder.preview.open')}
        </Button>
      </Stack>
      {picker}
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <WidthToggle width={width} onChange={onWidth} />
        <PreviewStatus preview={preview} />
      </Stack>
      {preview.error && !preview.recordRefused ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(preview.error)}
        </Alert>
      ) : null}
      {/* An update in progress is marked by the outline (and said by the status above), not by fading
          the preview: faded text fails the contrast its readers need. */}
      <Box
        ref={outer}
        sx={{ bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden', outline: 2, outlineStyle: 'dashed', outlineColor: preview.updating ? 'primary.main' : 'transparent', transition: 'outline-color 150ms' }}
      >
        {preview.doc ? (
          <Box sx={{ height: box.height * scale || undefined }}>
            <Box ref={inner} data-scale={scale.toFixed(3)} sx={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
              <PreviewFrame doc={preview.doc} width={width} title={title} globals={preview.globals} />
            </Box>
          </Box>
        ) : (
          !preview.error && (
            <Box sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label={translate('pageBuilder.loading')} />
            </Box>
          )
        )}
      </Box>
    </Box>
  );
}

/** The live preview at full size, in a dialog of its own (the panel beside the editor is scaled down). */
export function PreviewDialog({
  preview,
  title,
  width,
  onWidth,
  onClose,
  picker,
}: {
  preview: LivePreview;
  title: string;
  width: number;
  onWidth: (width: number) => void;
  onClose: () => void;
  picker?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="builder-preview-title">
      <DialogTitle id="builder-preview-title">{translate('pageBuilder.preview.title', { name: title })}</DialogTitle>
      <DialogContent dividers>
        {picker}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
          <WidthToggle width={width} onChange={onWidth} />
          <PreviewStatus preview={preview} />
        </Stack>
        {!preview.doc ? (
          preview.error ? (
            // A refused record is said beside its picker.
            !preview.recordRefused && <Alert severity="error">{errorText(preview.error)}</Alert>
          ) : (
            <CircularProgress aria-label={translate('pageBuilder.loading')} />
          )
        ) : (
          <Box sx={{ overflowX: 'auto', bgcolor: 'grey.100', p: 2, borderRadius: 1 }}>
            <PreviewFrame doc={preview.doc} width={width} title={title} globals={preview.globals} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
