import { useCallback, useEffect, useMemo, useState } from 'react';
import { HttpFailure } from '../../providers/http-client';
import { builderApi, isInvalid, isStale, type LoadedOwner } from './api';
import {
  duplicateDraft,
  hasChanges,
  insertDraft,
  issuesByField,
  moveItem,
  newDraft,
  planSave,
  serverIssuesByField,
  validateDraft,
  type CardIssues,
  type Draft,
  type Owner,
} from './model';
import type { ComponentKind } from '@umpire/schema';

export type SaveOutcome = { status: 'saved' } | { status: 'stale' } | { status: 'invalid' } | { status: 'ownerInvalid'; error: unknown } | { status: 'failed'; error: unknown };

/**
 * The builder's state: the owner and its components as loaded, the drafts being edited (kept
 * locally until Save), what was removed, and the issues of each card. Save runs the shared
 * validator first, then checks the owner's version, writes what changed and the order in one call.
 */
export function useBuilder(type: Owner['type'], id: string) {
  const api = builderApi();
  const [loaded, setLoaded] = useState<LoadedOwner | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [serverOrder, setServerOrder] = useState<string[]>([]);
  const [issues, setIssues] = useState<Record<string, CardIssues>>({});
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [justSaved, setJustSaved] = useState(false);

  const load = useCallback(
    () =>
      api.load(type, id).then(
        (result) => {
          setLoaded(result);
          setDrafts(result.components);
          setServerOrder(result.components.map((d) => d.id!));
          setRemoved([]);
          setIssues({});
          setFailed(null);
          setGeneration((g) => g + 1);
        },
        (error: unknown) => setFailed(error),
      ),
    [api, type, id],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const reload = useCallback(async () => {
    setStale(false);
    await load();
  }, [load]);

  const dirty = useMemo(() => hasChanges(serverOrder, drafts, removed), [serverOrder, drafts, removed]);

  const add = (kind: ComponentKind, afterKey: string | null) => {
    setJustSaved(false);
    const draft = newDraft(kind);
    setDrafts((list) => insertDraft(list, draft, afterKey));
    return draft;
  };
  /** A copy right after the original, saved with everything else. */
  const duplicate = (key: string) => {
    const original = drafts.find((d) => d.key === key);
    if (!original) return null;
    setJustSaved(false);
    const copy = duplicateDraft(original);
    setDrafts((list) => insertDraft(list, copy, key));
    return copy;
  };
  const update = (key: string, change: (d: Draft) => Draft) => {
    setJustSaved(false);
    setDrafts((list) => list.map((d) => (d.key === key ? change(d) : d)));
    // A field changed: its issue is the validator's business again at the next Save.
    setIssues((all) => (all[key] ? { ...all, [key]: {} } : all));
  };
  const move = (from: number, to: number) => {
    setJustSaved(false);
    setDrafts((list) => moveItem(list, from, to));
  };
  const setOrder = (list: Draft[]) => {
    setJustSaved(false);
    setDrafts(list);
  };
  const remove = (key: string) => {
    setJustSaved(false);
    const draft = drafts.find((d) => d.key === key);
    setDrafts((list) => list.filter((d) => d.key !== key));
    if (draft?.id) setRemoved((r) => [...r, draft.id!]);
  };

  /** Saves the owner's own changes (when given) and the components; never half on a stale version. */
  const save = async (ownerChanges: { attributes: Record<string, unknown>; relationships: Record<string, unknown> } | null): Promise<SaveOutcome> => {
    if (!loaded) return { status: 'failed', error: null };
    const owner: Owner = loaded.owner;
    const local: Record<string, CardIssues> = {};
    for (const d of drafts) {
      const found = issuesByField(validateDraft(d, owner));
      if (Object.keys(found).length) local[d.key] = found;
    }
    setIssues(local);
    if (Object.keys(local).length) return { status: 'invalid' };
    setSaving(true);
    try {
      const now = await api.version(owner);
      if (Date.parse(now.updatedAt) !== Date.parse(loaded.updatedAt)) {
        setStale(true);
        return { status: 'stale' };
      }
      let version = loaded.updatedAt;
      if (ownerChanges) {
        try {
          version = await api.saveOwner(owner, ownerChanges.attributes, ownerChanges.relationships, version);
        } catch (error) {
          if (isStale(error)) {
            setStale(true);
            return { status: 'stale' };
          }
          return isInvalid(error) ? { status: 'ownerInvalid', error } : { status: 'failed', error };
        }
      }
      const plan = planSave(serverOrder, drafts, removed);
      const serverIssues: Record<string, CardIssues> = {};
      let current = [...drafts];
      let order = [...serverOrder];
      let staleSeen = false;
      const failedWrite = (key: string, error: unknown) => {
        if (isStale(error)) staleSeen = true;
        else if (error instanceof HttpFailure && error.errors.length) serverIssues[key] = serverIssuesByField(error.errors);
        else serverIssues[key] = { card: { key: 'invalid', detail: error instanceof Error ? error.message : String(error) } };
      };
      for (const componentId of plan.deletes) {
        try {
          await api.deleteComponent(componentId);
        } catch (error) {
          // Already gone is what was wanted.
          if (!(error instanceof HttpFailure && error.status === 404)) throw error;
        }
        order = order.filter((x) => x !== componentId);
      }
      setRemoved((r) => r.filter((x) => !plan.deletes.includes(x)));
      for (const draft of plan.updates) {
        try {
          const saved = await api.updateComponent(draft);
          current = current.map((d) => (d.key === draft.key ? saved : d));
        } catch (error) {
          failedWrite(draft.key, error);
        }
      }
      for (const { draft, index } of plan.creates) {
        try {
          const created = await api.createComponent(owner, draft, index);
          current = current.map((d) => (d.key === draft.key ? created : d));
          order = [...order, created.id!];
        } catch (error) {
          failedWrite(draft.key, error);
        }
      }
      setDrafts(current);
      setServerOrder(order);
      setIssues(serverIssues);
      if (staleSeen) {
        setStale(true);
        return { status: 'stale' };
      }
      if (Object.keys(serverIssues).length) {
        // The owner's version moved if its fields were saved: keep it for the next try.
        setLoaded({ ...loaded, updatedAt: version });
        return { status: 'invalid' };
      }
      const ids = current.map((d) => d.id!);
      if (plan.reorder) {
        try {
          await api.reorder(owner, ids, version);
        } catch (error) {
          if (isStale(error)) {
            setStale(true);
            return { status: 'stale' };
          }
          throw error;
        }
      }
      await load();
      setJustSaved(true);
      return { status: 'saved' };
    } catch (error) {
      return { status: 'failed', error };
    } finally {
      setSaving(false);
    }
  };

  return { loaded, failed, justSaved, drafts, issues, saving, stale, dirty, generation, add, duplicate, update, move, setOrder, remove, save, reload };
}

export type Builder = ReturnType<typeof useBuilder>;
