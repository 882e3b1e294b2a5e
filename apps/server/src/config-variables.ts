/**
 * Every environment variable the server reads, declared once: the operators' configuration
 * reference (docs/operators/configuration.md) is generated from this list by `npm run docs`, and
 * config-variables.test.ts holds it to the code (each variable the server reads is here and each one
 * here is read; a declared default changes nothing when written out; an example changes something).
 * No imports, so the docs script can load it without the server.
 */

export const CONFIG_GROUPS = {
  server: 'Server and network',
  database: 'Database and files',
  security: 'Sign-in, tokens and secrets',
  languages: 'Languages',
  delivery: 'Delivery API and CDN',
  fans: 'Fans',
  realtime: 'Live channel (/cable)',
  site: "The league's website",
  images: 'Images',
  jobs: 'Jobs and shutdown',
  push: 'Push notifications',
  video: 'Video on demand and paid video',
  live: 'Live streams',
  logs: 'Logs and traces',
} as const;

export type ConfigGroup = keyof typeof CONFIG_GROUPS;

export interface ConfigVariable {
  name: string;
  group: ConfigGroup;
  description: string;
  /** The value unset means, as one would write it; writing it changes nothing (tested). */
  default?: string;
  /** A default that depends on the machine or on other settings, in words (not tested as a value). */
  defaultText?: string;
  /** A valid value other than the default: setting it changes the configuration (tested). */
  example?: string;
  /** Other variables the example needs (e.g. S3_BUCKET with STORAGE_DRIVER=s3). */
  exampleWith?: Record<string, string>;
  /**
   * Read by the tracing preload rather than loadConfig (`tracing`), or by the OpenTelemetry SDK
   * itself (`opentelemetry`, never by our code): its effect is not in the configuration.
   */
  readBy?: 'tracing' | 'opentelemetry';
  /** Never logged or shown; keep it out of files under version control. */
  secret?: boolean;
}

const S3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'umpire' };

export const CONFIG_VARIABLES: ConfigVariable[] = [
  // Server and network
  { name: 'PORT', group: 'server', default: '8080', example: '9090', description: 'The port every service listens on (admin, APIs, `/cable`, images, the website).' },
  { name: 'HOST', group: 'server', default: '0.0.0.0', example: '127.0.0.1', description: 'The address to listen on. `127.0.0.1` keeps the server to this machine, e.g. behind a balancer on the same host.' },
  { name: 'PUBLIC_URL', group: 'server', example: 'https://league.example.com', defaultText: 'none: links use each request’s own address', description: 'The address users reach the server at, behind a proxy or balancer. Links, redirects, the website’s canonical and sitemap links, and push notification links are built on it; without it, cached pages would carry whichever host a request named.' },
  { name: 'ALLOWED_ORIGINS', group: 'server', example: 'https://admin.example.com', defaultText: 'this server’s own address on `PORT`, and the development server on port 5173', description: 'Origins (comma-separated) the sign-in gateway may send a signed-in user back to, and that browsers may call the APIs from.' },
  { name: 'TRUST_PROXY', group: 'server', example: '1', defaultText: 'nobody: the socket’s address is the client’s', description: 'Whom `X-Forwarded-For` (and `-Proto`, `-Host`) is believed from: the number of proxies in front (`1` for one load balancer) or their addresses and ranges, comma-separated (`10.0.0.5,10.1.0.0/16`). Sign-in, fan and `/cable` limits count by the address it gives. `true` is refused: it would believe what the client writes.' },
  { name: 'BODY_LIMIT', group: 'server', default: '1048576', example: '2097152', description: 'The largest request body in bytes for API calls. Files go through the media library’s resumable uploads, which have their own limits.' },
  { name: 'ADMIN_DIST', group: 'server', defaultText: '`apps/admin/dist`', example: '/srv/umpire/admin', description: 'The built admin app the server serves at `/`.' },
  { name: 'CDN_ID', group: 'server', default: 'umpire', example: 'league-cdn', description: 'The prefix of the `Surrogate-Key` values public answers carry and purges name, so one CDN can serve several installations.' },

  // Database and files
  { name: 'DATABASE_URL', group: 'database', example: 'postgres://umpire@db/umpire', defaultText: 'none: SQLite in `DATA_DIR/umpire.sqlite`', secret: true, description: 'A PostgreSQL connection string. Needed for more than one instance; SQLite serves one.' },
  { name: 'DATA_DIR', group: 'database', defaultText: '`data/` in the checkout', example: '/var/lib/umpire', description: 'Where the instance keeps its files: the SQLite database, local uploads, the image cache and the generated JWT secret.' },
  { name: 'SEED_ON_EMPTY', group: 'database', default: 'true', example: 'false', description: 'Seed the demo league into an empty database at first start. Set `false` in production.' },
  { name: 'STORAGE_DRIVER', group: 'database', default: 'local', example: 's3', exampleWith: { S3_BUCKET: 'umpire' }, description: 'Where library files, video and live output are kept: `local` (a directory) or `s3` (any S3-compatible store). Several instances need `s3`.' },
  { name: 'UPLOADS_DIR', group: 'database', defaultText: '`DATA_DIR/uploads`', example: '/srv/uploads', description: 'The directory of the `local` storage driver.' },
  { name: 'S3_BUCKET', group: 'database', example: 'umpire-files', exampleWith: { STORAGE_DRIVER: 's3' }, description: 'The bucket that keeps the files (required with `STORAGE_DRIVER=s3`).' },
  { name: 'S3_ENDPOINT', group: 'database', example: 'http://minio:9000', exampleWith: S3, defaultText: 'AWS itself', description: 'The S3-compatible server’s address (MinIO, Ceph, R2 and others), `http(s)://host[:port]`.' },
  { name: 'S3_REGION', group: 'database', default: 'us-east-1', example: 'eu-central-1', exampleWith: S3, description: 'The bucket’s region.' },
  { name: 'S3_ACCESS_KEY_ID', group: 'database', example: 'umpire', exampleWith: { ...S3, S3_SECRET_ACCESS_KEY: 'secret' }, defaultText: 'the SDK’s own chain: environment, profile, instance role', description: 'The access key; set it together with `S3_SECRET_ACCESS_KEY`, or neither.' },
  { name: 'S3_SECRET_ACCESS_KEY', group: 'database', example: 'secret', exampleWith: { ...S3, S3_ACCESS_KEY_ID: 'umpire' }, secret: true, description: 'The secret key that goes with `S3_ACCESS_KEY_ID`.' },
  { name: 'S3_FORCE_PATH_STYLE', group: 'database', default: 'false', example: 'true', exampleWith: S3, description: '`true` addresses objects as `host/bucket/key` rather than `bucket.host/key`: most self-hosted stores (MinIO) need it.' },

  // Sign-in, tokens and secrets
  { name: 'UMPIRE_JWT_SECRET', group: 'security', example: 'a-long-random-secret', defaultText: 'a random secret made at first start in `DATA_DIR/jwt-secret`', secret: true, description: 'The secret staff tokens are signed with. Every instance must have the same one, or tokens signed by one are refused by the others.' },
  { name: 'UMPIRE_JWT_PREVIOUS_SECRETS', group: 'security', example: 'the-old-secret', secret: true, description: 'Secrets of before a rotation, comma-separated: tokens they signed are accepted until they expire, new tokens are signed with `UMPIRE_JWT_SECRET` only.' },
  { name: 'TOKEN_TTL_SECONDS', group: 'security', default: '43200', example: '3600', description: 'How long a staff token lasts (12 hours by default).' },
  { name: 'SIGN_IN_LIMITS', group: 'security', example: 'address=200/900,pair=5/60', defaultText: '`pair=10/60,address=100/900,username=50/900,device=10/60`', description: 'Failed sign-ins allowed per window, as `scope=max/seconds`, for some of the scopes: `pair` (one username from one address), `address` (any usernames from one address), `username` (one username from anywhere), `device` (a browser that signed in before, judged by its device cookie alone).' },
  { name: 'SIGN_IN_LIMIT', group: 'security', default: '10', example: '5', description: 'The `pair` limit alone (failed sign-ins of one username from one address per minute); `SIGN_IN_LIMITS` overrides it.' },
  { name: 'DEVICE_COOKIE_DAYS', group: 'security', default: '180', example: '30', description: 'How long a browser stays a known device of an account after a successful sign-in.' },

  // Languages
  { name: 'INTERFACE_LANGUAGES', group: 'languages', default: 'pl,en', example: 'en', description: 'The interface languages offered, in order, comma-separated (`pl`, `en`).' },
  { name: 'DEFAULT_LANGUAGE', group: 'languages', example: 'en', defaultText: 'the first of `INTERFACE_LANGUAGES`', description: 'The language staff see before they choose one; one of `INTERFACE_LANGUAGES`.' },

  // Delivery API and CDN
  { name: 'DELIVERY_MAX_AGE', group: 'delivery', default: '0', example: '10', description: 'Seconds browsers keep a delivery API answer (`Cache-Control: max-age`); with 0 they ask again, with the ETag.' },
  { name: 'DELIVERY_S_MAXAGE', group: 'delivery', default: '60', example: '3600', description: 'Seconds CDNs keep an answer (`s-maxage`). Safe to make long when `DELIVERY_PURGE_URL` is set, since changes purge at once.' },
  { name: 'DELIVERY_STALE_WHILE_REVALIDATE', group: 'delivery', default: '30', example: '60', description: 'Seconds a CDN may serve an expired answer while it fetches a fresh one.' },
  { name: 'DELIVERY_PURGE_URL', group: 'delivery', example: 'https://cdn.example.com/purge', description: 'Called with `POST {"surrogate_keys":[…]}` after each change to what public answers show, so the CDN drops those answers.' },
  { name: 'DELIVERY_PURGE_TOKEN', group: 'delivery', example: 'purge-secret', secret: true, description: 'Sent as `Authorization: Bearer …` to `DELIVERY_PURGE_URL`.' },
  { name: 'PUBLIC_QUERY_COUNTS', group: 'delivery', default: 'false', example: 'true', description: '`true` adds `X-DB-Queries` to public answers too: for benchmarks, never in production.' },

  // Fans
  { name: 'FAN_LIMITS', group: 'fans', example: 'fan=60/60', defaultText: '`fan=30/60,address=600/60,register=30/3600`', description: 'Limits of fans’ writes as `scope=max/seconds`: per fan (`fan`), per address (`address`) and registrations per address (`register`).' },
  { name: 'FAN_TOKEN_TTL_SECONDS', group: 'fans', default: '7776000', example: '86400', description: 'How long a fan’s token lasts (90 days by default); the app registers again or signs in after.' },
  { name: 'FAN_CHALLENGE_COST', group: 'fans', default: '100', example: '200', description: 'PBKDF2 iterations of one try of the proof of work that fans’ registrations and sign-ins carry.' },
  { name: 'FAN_CHALLENGE_MAX_COUNTER', group: 'fans', default: '2000', example: '4000', description: 'The most tries a proof of work can need (on average half): its difficulty.' },
  { name: 'FAN_CHALLENGE_TTL_SECONDS', group: 'fans', default: '300', example: '600', description: 'How long a proof-of-work challenge stays valid.' },
  { name: 'PAYMENT_WEBHOOK_LIMIT', group: 'fans', default: '300/60', example: '600/60', description: 'Calls of the payment provider’s webhook per address (`max/seconds`), counted before the signature is checked.' },

  // Live channel
  { name: 'CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS', group: 'realtime', default: '50', example: '200', description: 'Fans’ connections to `/cable` (without a staff token) one address may hold at once. Raise it when many fans share an address (a stadium’s network).' },
  { name: 'CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION', group: 'realtime', default: '50', example: '100', description: 'Subscriptions one fan’s connection may hold at once.' },
  { name: 'CABLE_PUBLIC_IDENTIFIER_BYTES', group: 'realtime', default: '1024', example: '2048', description: 'The largest subscribe identifier, in bytes.' },
  { name: 'CABLE_PUBLIC_SUBSCRIBE_RATE', group: 'realtime', default: '20/10', example: '40/10', description: 'New subscribes per connection (`max/seconds`) after the first ones; past it the connection is closed.' },
  { name: 'CABLE_SNAPSHOT_CACHE', group: 'realtime', default: '1000', example: '5000', description: 'Public snapshots kept in memory for new subscribers, each of found and of unknown ones.' },

  // Website
  { name: 'SITE_CLIENT', group: 'site', default: 'ekstraklasa-demo', example: 'my-league', description: 'The league (client name) whose website this server renders; empty: no website.' },
  { name: 'SITE_BASE_PATH', group: 'site', default: '/site', example: '/www', description: 'Where the website is served.' },
  { name: 'SITE_CACHE_MS', group: 'site', default: '1000', example: '5000', description: 'How long a rendered page is served before it is rendered again; 0 keeps none.' },

  // Images
  { name: 'IMAGE_CACHE_DIR', group: 'images', defaultText: '`DATA_DIR/image-cache`', example: '/var/cache/umpire-images', description: 'Where rendered image variants are kept. Nothing there must survive: it is a cache.' },
  { name: 'IMAGE_RENDERS', group: 'images', defaultText: 'the number of cores', example: '7', description: 'Image renders at once; more wait in line.' },
  { name: 'IMAGE_RENDER_QUEUE', group: 'images', default: '64', example: '128', description: 'Renders waiting at most; beyond it the answer is 503.' },
  { name: 'IMAGE_RENDER_TIMEOUT_MS', group: 'images', default: '10000', example: '20000', description: 'A render taking longer is stopped.' },
  { name: 'IMAGE_MEMORY_CACHE_MB', group: 'images', default: '64', example: '256', description: 'Recently served variants kept in memory.' },

  // Jobs and shutdown
  { name: 'JOB_WORKER', group: 'jobs', default: 'true', example: 'false', description: '`false` keeps this instance from running jobs (scheduled publication, push sending, transcoding).' },
  { name: 'OTT_WORKER', group: 'jobs', default: 'true', example: 'false', description: '`false` keeps transcodings off an instance that runs other jobs.' },
  { name: 'JOB_POLL_MS', group: 'jobs', default: '1000', example: '500', description: 'How often an idle worker looks for jobs; a commit that makes a job wakes every instance’s worker at once.' },
  { name: 'JOB_LEASE_MS', group: 'jobs', default: '300000', example: '600000', description: 'How long a claimed job is reserved: when an instance dies mid-job, another takes it over after this. Longer than any job.' },
  { name: 'SHUTDOWN_DRAIN_MS', group: 'jobs', default: '2000', example: '5000', description: 'After SIGTERM, how long the instance goes on answering while `/healthz` says `draining`, so the balancer takes it out first. 0 without a balancer; longer behind one that notices later.' },
  { name: 'SHUTDOWN_TIMEOUT_MS', group: 'jobs', default: '10000', example: '20000', description: 'The longest a SIGTERM’d instance takes before it exits, counted from the signal. Keep it under the orchestrator’s grace period.' },

  // Push
  { name: 'PUSH_VAPID_SUBJECT', group: 'push', default: 'mailto:push@umpire.invalid', example: 'mailto:ops@league.example.com', description: 'A `mailto:` or `https:` address push services may contact about this sender.' },
  { name: 'PUSH_CONCURRENCY', group: 'push', default: '256', example: '64', description: 'Messages in flight at once per runner.' },
  { name: 'PUSH_BATCH', group: 'push', default: '500', example: '1000', description: 'Deliveries claimed at a time: what a crash can leave unsent until the claim expires.' },
  { name: 'PUSH_RUNNERS', group: 'push', default: '4', example: '8', description: 'Runner jobs per notification: how many workers, on any instance, may share one send (at most 64).' },
  { name: 'PUSH_SLICE_MS', group: 'push', default: '5000', example: '10000', description: 'How long a runner sends before it hands over, so another instance may take part.' },
  { name: 'PUSH_TIMEOUT_MS', group: 'push', default: '15000', example: '5000', description: 'A push service’s answer that takes longer counts as failed.' },
  { name: 'PUSH_FIRST_RECIPIENTS', group: 'push', default: '1000', example: '5000', description: 'Recipients written before the first messages of a notification go; the rest are written while they go.' },
  { name: 'PUSH_ALLOW_LOOPBACK', group: 'push', default: 'false', example: 'true', description: '`true` lets subscriptions name a push service on this machine: tests and benchmarks only.' },

  // Video on demand and paid video
  { name: 'OTT_COUNTRY_HEADER', group: 'video', default: 'cf-ipcountry', example: 'x-country', description: 'The request header carrying the viewer’s country, for events limited to countries. Set it to what your CDN or proxy sends, and let only that proxy reach the server.' },
  { name: 'OTT_PLAYBACK_TTL_SECONDS', group: 'video', default: '14400', example: '3600', description: 'How long a signed playback address of a paid event lasts.' },
  { name: 'OTT_TRANSCODE_TIMEOUT_S', group: 'video', default: '14400', example: '3600', description: 'The longest one transcoding may run, in seconds.' },
  { name: 'OTT_MAX_SOURCE_MB', group: 'video', default: '20480', example: '4096', description: 'The largest source video accepted for transcoding.' },
  { name: 'OTT_MAX_OUTPUT_MB', group: 'video', default: '20480', example: '4096', description: 'The largest output one transcoding may write.' },
  { name: 'OTT_X264_PRESET', group: 'video', default: 'veryfast', example: 'medium', description: 'The x264 preset of on-demand transcoding (`ultrafast` … `medium`): slower presets give smaller files.' },

  // Live streams
  { name: 'OTT_LIVE', group: 'live', default: 'true', example: 'false', description: '`false` runs no live engine here: live streams are refused with `liveEngineUnavailable`.' },
  { name: 'OTT_INGEST_HOST', group: 'live', default: '0.0.0.0', example: '10.0.0.7', description: 'The address RTMP and SRT ingest listeners bind.' },
  { name: 'OTT_INGEST_PUBLIC_HOST', group: 'live', defaultText: 'this machine’s name', example: 'ingest.league.example.com', description: 'The host camera crews are told to send to.' },
  { name: 'OTT_INGEST_PORTS', group: 'live', example: '20000-20099', defaultText: 'any free port', description: 'The port range of ingest listeners, `from-to`; each stream listens on 4.' },
  { name: 'OTT_LIVE_PRESET', group: 'live', default: 'superfast', example: 'veryfast', description: 'The x264 preset of live encoding.' },
  { name: 'OTT_LIVE_LADDER', group: 'live', example: '1920x1080@5000,1280x720@2800', defaultText: '`1280x720@2800,640x360@800`', description: 'The live renditions, `WIDTHxHEIGHT@kbps`, largest first.' },
  { name: 'OTT_LIVE_LEASE_MS', group: 'live', default: '10000', example: '20000', description: 'The lease an instance holds a live stream under; another instance takes the stream over once it lapses.' },
  { name: 'OTT_CONTROL_URL', group: 'live', example: 'http://10.0.0.7:8080', defaultText: '`http://HOST:PORT`, or this machine’s name when `HOST` is a wildcard', description: 'This instance’s own address as the other instances reach it: they forward a stream’s control calls to its owner there.' },

  // Logs and traces
  { name: 'LOG_LEVEL', group: 'logs', default: 'info', example: 'debug', description: 'The least level logged (`trace`, `debug`, `info`, `warn`, `error`).' },
  { name: 'SLOW_REQUEST_MS', group: 'logs', default: '1000', example: '250', description: 'A request that takes longer is logged at `warn` with its route, status and duration; 0 logs every request.' },
  { name: 'OTEL_EXPORTER_OTLP_ENDPOINT', group: 'logs', readBy: 'tracing', example: 'http://otel-collector:4318', description: 'The standard OpenTelemetry variable: traces are exported over OTLP/HTTP to this collector. Traces are off unless an exporter is asked for.' },
  { name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', group: 'logs', readBy: 'tracing', example: 'http://otel-collector:4318/v1/traces', description: 'The traces endpoint itself, when it differs from `OTEL_EXPORTER_OTLP_ENDPOINT`.' },
  { name: 'OTEL_TRACES_EXPORTER', group: 'logs', readBy: 'tracing', example: 'console', description: 'The exporters to use (`otlp`, `console`, `none`).' },
  { name: 'OTEL_SERVICE_NAME', group: 'logs', readBy: 'tracing', defaultText: '`umpire`', example: 'umpire-api', description: 'The service name spans carry.' },
  { name: 'OTEL_RESOURCE_ATTRIBUTES', group: 'logs', readBy: 'tracing', example: 'deployment.environment=production', description: 'More resource attributes of every span, `key=value,…`.' },
  { name: 'OTEL_EXPORTER_OTLP_PROTOCOL', group: 'logs', readBy: 'opentelemetry', defaultText: '`http/protobuf`', example: 'grpc', description: 'How traces are sent to the collector: `http/protobuf`, `http/json` or `grpc`.' },
  { name: 'OTEL_EXPORTER_OTLP_HEADERS', group: 'logs', readBy: 'opentelemetry', example: 'authorization=Bearer%20token', secret: true, description: 'Headers sent with every export, `key=value,…` (URL-encoded values).' },
  { name: 'OTEL_TRACES_SAMPLER', group: 'logs', readBy: 'opentelemetry', defaultText: 'every request', example: 'parentbased_traceidratio', description: 'Which requests are traced; `parentbased_traceidratio` with `OTEL_TRACES_SAMPLER_ARG=0.1` keeps one trace in ten and follows the caller’s decision.' },
  { name: 'OTEL_TRACES_SAMPLER_ARG', group: 'logs', readBy: 'opentelemetry', example: '0.1', description: 'The sampler’s argument, e.g. the ratio kept.' },
  { name: 'OTEL_PROPAGATORS', group: 'logs', readBy: 'opentelemetry', defaultText: 'W3C `traceparent` and baggage', example: 'tracecontext', description: 'How a trace continues across calls.' },
  { name: 'OTEL_SDK_DISABLED', group: 'logs', readBy: 'tracing', default: 'false', example: 'true', description: '`true` turns traces off whatever else is set.' },
];
