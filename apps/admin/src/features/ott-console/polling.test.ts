import { describe, expect, it } from 'vitest';
import { isActiveJob, pollEvents, pollJobs, progressOf } from './polling';

describe('OTT console polling', () => {
  it('follows moving jobs every second and stops when all have ended', () => {
    expect(pollJobs([{ id: 1, state: 'RUNNING' }, { id: 2, state: 'FINISHED' }])).toBe(1000);
    expect(pollJobs([{ id: 1, state: 'QUEUED' }])).toBe(1000);
    expect(pollJobs([{ id: 1, state: 'ERROR' }, { id: 2, state: 'CANCELED' }])).toBe(false);
    expect(pollJobs(undefined)).toBe(false);
    expect(isActiveJob({ id: 3, state: 'TRANSFER_ERROR' })).toBe(false);
  });

  it('refreshes the events while one is live', () => {
    expect(pollEvents([{ id: 1, status: 'live' }])).toBe(5000);
    expect(pollEvents([{ id: 1, status: 'ended' }, { id: 2, status: 'pending' }])).toBe(false);
  });

  it('keeps a progress bar within 0 to 100', () => {
    expect(progressOf({ id: 1, progress: 42.5 })).toBe(42.5);
    expect(progressOf({ id: 1, progress: 130 })).toBe(100);
    expect(progressOf({ id: 1, progress: null })).toBe(0);
  });
});
