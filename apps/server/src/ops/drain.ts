/**
 * A planned stop of the instance (a deploy's SIGTERM), before the server closes. From its start
 * /healthz answers 503 `draining`, so that the balancer takes the instance out while it still
 * answers every request sent to it, and what is not tied to a request is handed to the other
 * instances at once (live streams, jobs: each capability says how, with `onStart`).
 */
export class Drain {
  private started: Promise<void> | null = null;
  private readonly handlers: { what: string; run: () => Promise<void> }[] = [];

  constructor(private readonly warn: (err: unknown, what: string) => void) {}

  get draining(): boolean {
    return this.started !== null;
  }

  /** Work to hand over as soon as the instance drains; it must also be safe when the app closes without draining. */
  onStart(what: string, run: () => Promise<void>): void {
    this.handlers.push({ what, run });
  }

  /** Starts draining (once); resolves when every handler is done, failed ones having been logged. */
  start(): Promise<void> {
    this.started ??= Promise.all(this.handlers.map((h) => h.run().catch((err: unknown) => this.warn(err, h.what)))).then(() => undefined);
    return this.started;
  }
}
