/// <reference types="vite/client" />

declare module 'virtual:umpire/resources' {
  const manifest: import('@umpire/schema/manifest').ResourceManifest[];
  export default manifest;
}

interface ImportMetaEnv {
  readonly VITE_UMPIRE_API_URL?: string;
  readonly VITE_AUTH_API_URL?: string;
  readonly VITE_MEDIA_LIBRARY_API_URL?: string;
}

/** Set by vite.config.ts: changes with every build (cache-busting of translation files). */
declare const __BUILD_ID__: string;
