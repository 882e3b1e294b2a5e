export * from './enums';
export * from './events.resource';
export * from './streams.resource';
export * from './playlists.resource';
export * from './formats.resource';
export * from './segments.resource';
export * from './markers.resource';
export * from './transcoding-jobs.resource';
