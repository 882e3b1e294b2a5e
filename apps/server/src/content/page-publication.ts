import { registerPublication } from '../publication/publication';

// Pages are published as articles are: a job at each edge of the window flips `visible`, and its
// change event empties the current-page cache and reaches /cable (a read-time check alone would
// leave caches and open screens unaware until something else changed).
registerPublication({ type: 'pages', fromColumn: 'published_from', untilColumn: 'published_until' });
