/// <reference types="vite/client" />
import type { UwApi } from '../src-preload/api';

declare global {
  interface Window {
    /** Present in Electron (exposed by src-preload); absent in web mode. */
    readonly uw?: UwApi;
  }
}

export {};
