import type { Storage } from '../media/storage/storage';
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

/** What every write needs: a read's context in the write's transaction, and who writes. */
export interface WriteContext extends ReadContext {
  /** Username recorded in the history of changes. */
  actor: string;
  /** Changes made in this transaction, published once it commits. */
  events?: ChangeEvent[];
  /** Where library files are kept, for rules that read a file (a video's facts). */
  storage?: Storage;
}
