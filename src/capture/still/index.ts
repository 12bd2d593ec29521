// The stillness proof, one entry point for the unit runner: prevent motion (capture/context.ts
// freezes it), wait for readiness (settle.ts), watch what the page paints by itself from measuring
// on (motion-watch.ts), prove the page still before its image is kept — from the browser's paint
// signals (by-signals.ts) or by shots (by-shots.ts, shots.ts) — and explain a page that never
// settled with a flake map (flake-map.ts). While proving, it offers the runner its calm slots
// (before-calm, in-calm, gap-after-image: capture/gatherer.ts) through one `offer`, each once.
export { stableShot as proveStill, regionOf, type ShotResult } from './by-shots.js';
export type { Offer, ShotOptions } from './shots.js';
export { settle, trackRequests } from './settle.js';
export { watchEarly } from './motion-watch.js';
