/** A public snapshot as the cable keeps it: valid while its league's serial stands. */
export interface Snapshot {
  /** The league's serial when it was read. */
  serial: number;
  /** The message's JSON, or null when there is no such match or round. */
  body: Promise<string | null>;
}

/**
 * Public snapshots by key, the least recently used evicted first. Those that showed something are
 * kept apart from those being read or that showed nothing ("no such match": a negative entry),
 * each side within `max`: made-up ids asked for by the thousand push out only one another, never
 * the snapshot a crowd keeps reading, and asking for one of them again does not ask the database.
 */
export class SnapshotCache {
  /** Read, and showing a match or a round. */
  private readonly found = new Map<string, Snapshot>();
  /** Being read, or read and showing nothing. */
  private readonly other = new Map<string, Snapshot>();
  private hits = 0;
  private reads = 0;

  constructor(private readonly max: number) {}

  /** The current snapshot of `key` (now the most recently used), if one is kept. */
  get(key: string, serial: number): Snapshot | undefined {
    for (const side of [this.found, this.other]) {
      const known = side.get(key);
      if (!known) continue;
      side.delete(key);
      // One of an older serial is of no more use; dropped here rather than waiting its turn.
      if (known.serial !== serial) continue;
      side.set(key, known);
      this.hits++;
      return known;
    }
    return undefined;
  }

  /** Keeps a snapshot being read (the caller asked `get` first); it joins the found ones once it shows something. */
  set(key: string, snapshot: Snapshot) {
    this.reads++;
    this.found.delete(key);
    this.put(this.other, key, snapshot);
    snapshot.body.then(
      (body) => {
        const kept = this.other.get(key) ?? this.found.get(key);
        // A newer read of the same key has taken its place (and may have answered first).
        if (kept !== undefined && kept !== snapshot) return;
        this.other.delete(key);
        if (body === null) this.put(this.other, key, snapshot);
        else this.put(this.found, key, snapshot);
      },
      () => {
        if (this.other.get(key) === snapshot) this.other.delete(key);
      },
    );
  }

  private put(side: Map<string, Snapshot>, key: string, snapshot: Snapshot) {
    side.delete(key);
    side.set(key, snapshot);
    while (side.size > this.max) side.delete(side.keys().next().value!);
  }

  /** Snapshots kept, answers from memory and reads (database queries) so far: for tests and metrics. */
  stats() {
    return { entries: this.found.size + this.other.size, hits: this.hits, reads: this.reads };
  }
}
