import type { ReadContext, Row } from './read';

/** One committed change, published to realtime subscribers after the transaction. */
export interface ChangeEvent {
  clientId: number;
  type: string;
  id: string;
  action: 'create' | 'update' | 'delete';
  actor: string;
  before: Row | null;
  after: Row | null;
}

/**
 * Where a write's changes go once it has committed: the realtime change bus
 * (realtime/change-bus.ts), which the app's wiring hands to the engine.
 */
export interface ChangePublisher {
  publish(events: ChangeEvent[]): Promise<void>;
}

/**
 * What the app's wiring lends every write for the rules of capabilities, beyond the engine's own
 * needs. Capabilities declare their members by augmenting this interface (as Fastify's decorators
 * are declared), so the engine carries them without knowing them: storage/storage.ts adds `storage`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface WriteServices {}

/** What every write needs: a read's context in the write's transaction, and who writes. */
export interface WriteContext extends ReadContext, WriteServices {
  /** Username recorded in the history of changes. */
  actor: string;
  /** Changes made in this transaction, published once it commits. */
  events?: ChangeEvent[];
}
