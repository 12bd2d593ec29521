// Each unit leaves megabytes of garbage in veval's process (the protocol's base64 screenshots,
// axe's source sent again, the in-page scripts), and V8 lets it pile up the longer and faster a
// run goes: peak heap 82 MB at 10 units, 146 MB at 500, while the live heap after a collection
// stays at 57–59 MB from 50 to 200 units (bench/memory.ts, 2026-12-01). A full collection every
// GC_EVERY units keeps a long run's peak near a short run's, for a few ms per collection.
import v8 from 'node:v8';
import vm from 'node:vm';

export const GC_EVERY = 10;

let collect: (() => void) | null | undefined;

/** A full garbage collection now; nothing when the engine does not offer one. */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    } catch { collect = null; }
  }
  collect?.();
}
