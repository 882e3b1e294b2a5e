/**
 * The time as the server's scheduled work sees it. Production uses the system clock; tests pass a
 * ManualClock to the server and move it, so a publication window opens without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private at: number;
  constructor(start: Date | string | number = Date.now()) {
    this.at = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.at);
  }
  set(to: Date | string | number): void {
    this.at = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.at += ms;
  }
}
