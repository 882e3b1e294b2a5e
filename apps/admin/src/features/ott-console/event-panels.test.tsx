import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CoreAdminContext } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import type { StreamInfo } from './event-api';
import { IngestPanel } from './event-panels';

const at = (rtmp: number, srt: number, key: string) => ({ rtmp: `rtmp://ingest.example:${rtmp}/live/${key}`, srt: `srt://ingest.example:${srt}?mode=caller` });
const stream = (ingest: StreamInfo['ingest']): StreamInfo => ({
  id: '5',
  protocol: 'rtmp',
  encryption: 'none',
  kind: 'live',
  status: 'paused',
  useBackup: false,
  liveEngine: true,
  primaryKey: 'primary-secret-key',
  backupKey: 'backup-secret-key',
  passphrase: null,
  ingest,
});

function renderPanel(info: StreamInfo) {
  render(
    <CoreAdminContext i18nProvider={createI18nProvider(['en'])}>
      <IngestPanel stream={info} />
    </CoreAdminContext>,
  );
}

describe('the ingest panel', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('names the addresses a restart moved, as the encoders still have them, with their keys masked', () => {
    const primary = at(1935, 9000, 'primary-secret-key');
    renderPanel(stream({ primary, backup: at(1940, 9001, 'backup-secret-key'), previous: { primary, backup: at(1936, 9001, 'backup-secret-key') } }));
    const notice = screen.getByTestId('ingest-moved');
    expect(notice.textContent).toContain('The ingest addresses have changed');
    // Only the backup's RTMP address moved; its key is masked until the secrets are shown.
    const items = [...notice.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^RTMP URL \(Backup\): rtmp:\/\/ingest\.example:1936\/live\//);
    expect(items[0]).not.toContain('backup-secret-key');
    fireEvent.click(screen.getByRole('button', { name: 'Show keys' }));
    expect(screen.getByTestId('ingest-moved').textContent).toContain('rtmp://ingest.example:1936/live/backup-secret-key');
  });

  it('says nothing when the addresses are those of before', () => {
    const primary = at(1935, 9000, 'k1');
    const backup = at(1936, 9001, 'k2');
    renderPanel(stream({ primary, backup, previous: null }));
    expect(screen.queryByTestId('ingest-moved')).toBeNull();
    cleanup();
    renderPanel(stream({ primary, backup, previous: { primary, backup } }));
    expect(screen.queryByTestId('ingest-moved')).toBeNull();
  });
});
