/**
 * Pop-ups of spec §8, outside React so the HTTP client can raise them. Texts are translation
 * keys resolved when shown; `text` is already final (e.g. an error detail from the server).
 */
export const POPUP_AUTO_CLOSE_MS = 3000;
export const SUCCESS_DEBOUNCE_MS = 2000;

export type SuccessKind = 'updated' | 'created' | 'deleted';

export interface Popup {
  id: number;
  severity: 'error' | 'success' | 'info';
  titleKey: string;
  titleParams?: Record<string, unknown>;
  textKey?: string;
  textParams?: Record<string, unknown>;
  /** Shown as is (server detail). */
  text?: string;
  autoCloseMs: number;
}

type Listener = (popups: readonly Popup[]) => void;

export class PopupStore {
  private popups: Popup[] = [];
  private listeners = new Set<Listener>();
  private nextId = 1;
  private successTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(private readonly maxVisible = 3) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.popups);
    return () => this.listeners.delete(listener);
  }

  current(): readonly Popup[] {
    return this.popups;
  }

  show(popup: Omit<Popup, 'id' | 'autoCloseMs'> & { autoCloseMs?: number }): number {
    const id = this.nextId++;
    const full: Popup = { autoCloseMs: POPUP_AUTO_CLOSE_MS, ...popup, id };
    this.popups = [...this.popups, full].slice(-this.maxVisible);
    this.closeTimers.set(id, setTimeout(() => this.close(id), full.autoCloseMs));
    this.emit();
    return id;
  }

  error(titleKey: string, text?: { text?: string; textKey?: string; textParams?: Record<string, unknown> }): number {
    return this.show({ severity: 'error', titleKey, ...text });
  }

  /**
   * Success pop-ups are debounced: a burst of saves (e.g. a bulk delete) gives one pop-up,
   * for the last response, 2 s after the burst ends.
   */
  success(kind: SuccessKind): void {
    clearTimeout(this.successTimer);
    this.successTimer = setTimeout(() => {
      this.successTimer = undefined;
      this.show({ severity: 'success', titleKey: `popups.success.${kind}` });
    }, SUCCESS_DEBOUNCE_MS);
  }

  /**
   * Messages of failures already shown by the HTTP client, so the frame's own notifications
   * (react-admin repeats the error message) can skip them instead of showing them twice.
   */
  private reported = new Map<string, number>();

  markReported(message: string): void {
    const now = Date.now();
    for (const [m, at] of this.reported) if (now - at > 10_000) this.reported.delete(m);
    this.reported.set(message, now);
  }

  wasReported(message: unknown): boolean {
    return typeof message === 'string' && this.reported.has(message);
  }

  /** Whether the HTTP client reported a failure in the last `ms` milliseconds. */
  reportedWithin(ms: number, now = Date.now()): boolean {
    for (const at of this.reported.values()) if (now - at <= ms) return true;
    return false;
  }

  close(id: number): void {
    clearTimeout(this.closeTimers.get(id));
    this.closeTimers.delete(id);
    const next = this.popups.filter((p) => p.id !== id);
    if (next.length === this.popups.length) return;
    this.popups = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.popups);
  }
}

/** The app's single pop-up store. */
export const popups = new PopupStore();
