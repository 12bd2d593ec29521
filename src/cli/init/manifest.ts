// What `veval init` wrote, so that running it again never overwrites or re-creates what the user
// changed or deleted (unless --force): .veval/init.json records each file's hash as init wrote it,
// the .gitignore lines and npm scripts it added, and the AGENTS.md section it wrote.
import fs from 'node:fs';
import path from 'node:path';
import { readJsonIfExists, sha256, writeFileAtomic, writeJsonAtomic } from '../../core/fsx.js';

export const MANIFEST_FILE = '.veval/init.json';

interface Manifest {
  version: 1;
  /** file → sha256 of the content init wrote */
  files: Record<string, string>;
  /** parts init added to files that are the user's: ".gitignore:evals/", "package.json:scripts.eval:visual", "AGENTS.md:veval" → sha256 or "" */
  parts: Record<string, string>;
}

export type Outcome = 'created' | 'updated' | 'unchanged' | 'kept' | 'deleted';

export class InitWriter {
  private manifest: Manifest;
  private readonly before: string;
  readonly log: { rel: string; outcome: Outcome; note?: string }[] = [];

  constructor(readonly root: string, readonly force: boolean) {
    let m: Manifest | null = null;
    try { m = readJsonIfExists<Manifest>(path.join(root, MANIFEST_FILE)); } catch { m = null; }
    this.manifest = m && m.version === 1 && m.files && m.parts ? m : { version: 1, files: {}, parts: {} };
    this.before = JSON.stringify(this.manifest);
  }

  private note(rel: string, outcome: Outcome, note?: string) { this.log.push({ rel, outcome, note }); }

  /** A whole file init owns until the user changes it. */
  file(rel: string, content: string): Outcome {
    const abs = path.join(this.root, rel);
    const want = sha256(content);
    const recorded = this.manifest.files[rel];
    const exists = fs.existsSync(abs);
    const current = exists ? sha256(fs.readFileSync(abs)) : null;
    let outcome: Outcome;
    if (current === want) outcome = 'unchanged';
    else if (this.force) outcome = exists ? 'updated' : 'created';
    else if (!exists) outcome = recorded ? 'deleted' : 'created';
    else outcome = recorded && recorded === current ? 'updated' : 'kept';
    if (outcome === 'created' || outcome === 'updated') writeFileAtomic(abs, content);
    if (outcome !== 'kept' && outcome !== 'deleted') this.manifest.files[rel] = want;
    this.note(rel, outcome, outcome === 'kept' ? (recorded ? 'you changed it' : 'yours') : undefined);
    return outcome;
  }

  /** A file init wrote whose content is no longer what it wrote: the user's now (unless --force). */
  /** file() would write rel: forced, or neither on disk nor recorded (never written, never deleted). */
  willWrite(rel: string): boolean {
    return this.force || (!fs.existsSync(path.join(this.root, rel)) && !this.manifest.files[rel]);
  }

  changedByUser(rel: string): boolean {
    const recorded = this.manifest.files[rel];
    const abs = path.join(this.root, rel);
    return !this.force && !!recorded && fs.existsSync(abs) && sha256(fs.readFileSync(abs)) !== recorded;
  }

  /**
   * A part of a file that is the user's (a .gitignore line, an npm script, a marked section).
   * `present` is what the file has there now (null: absent). 'write': put `want` there; 'same': it
   * is there; 'skipped': the user removed or changed what init wrote, or it is the user's own.
   */
  part(key: string, present: string | null, want: string): 'write' | 'same' | 'skipped' {
    const recorded = this.manifest.parts[key];
    const record = () => { this.manifest.parts[key] = sha256(want); };
    if (present === want) { record(); return 'same'; }
    if (this.force) { record(); return 'write'; }
    if (recorded === undefined ? present === null : present !== null && sha256(present) === recorded) { record(); return 'write'; }
    return 'skipped';
  }

  /** Writes the manifest when it changed; a second init that changes nothing writes nothing. */
  save(): void {
    if (JSON.stringify(this.manifest) === this.before) return;
    writeJsonAtomic(path.join(this.root, MANIFEST_FILE), this.manifest);
  }
}
