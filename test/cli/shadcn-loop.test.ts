// Issue 55's "done when", on the real shadcn/ui + Radix + Tailwind build (test/fixtures/shadcn-admin,
// MIT, see SOURCE.md) with its route sources (test/fixtures/shadcn-admin-src): `veval init` finds the
// TanStack Router routes, the user points the server at the built app and writes the Radix
// interactions as states (test/fixtures/shadcn-loop: dropdown menus, a select, a modal dialog, the
// profile and theme menus), then run → approve --accept-a11y-debt → run five times: each of the five
// exits 0, every unit proven still, parity equal. The app references placeholder avatars
// (/avatars/*.png) that it does not ship (upstream neither; Radix's Avatar shows the initials): the
// config says so (`checks.requests.ignore`), as a user who knows it would. End-to-end tier (tens of
// minutes on a loaded 2-core machine: seven runs of 12 units).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, runCli, tmpDir } from '../helpers/tmp.js';

const FIX = path.join(REPO, 'test', 'fixtures');
const NO_KEY = { OPENAI_API_KEY: '' };
const RUN_MS = 1_200_000;

interface Unit { state: string; viewport: string; status: string; stillBy?: string }
const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals/latest/report.json'), 'utf8'));

test('shadcn-admin: init, run, approve --accept-a11y-debt, then five runs in a row all green', () => {
  const dir = tmpDir('veval-shadcn-loop-');
  fs.cpSync(path.join(FIX, 'shadcn-admin-src'), dir, { recursive: true });
  fs.cpSync(path.join(FIX, 'shadcn-admin'), path.join(dir, 'dist'), { recursive: true });
  let r = runCli(['init', '--ci', 'none'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /created specs\/settings\.yaml/);
  // the user's edits: the built app served as vite preview would, the Radix states written out
  fs.rmSync(path.join(dir, 'specs'), { recursive: true });
  fs.cpSync(path.join(FIX, 'shadcn-loop'), dir, { recursive: true });
  r = runCli(['validate'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /12 capture units/);
  r = runCli(['run'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 1, 'no baselines yet: ' + r.stdout.slice(-2000));
  r = runCli(['approve', '--accept-a11y-debt'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /12 written, 0 unchanged, 0 refused/);
  const codes: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const t = Date.now();
    r = runCli(['run', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
    const rep = report(dir);
    const units: Unit[] = rep.specs.flatMap((s: { units: Unit[] }) => s.units);
    codes.push(r.code ?? -1);
    // how each unit proved stillness (the capture records' stillBy), counted
    const latest = fs.realpathSync(path.join(dir, 'evals', 'latest'));
    const by = new Map<string, number>();
    for (const s of rep.specs) for (const u of s.units as Unit[]) {
      const rec = JSON.parse(fs.readFileSync(path.join(latest, s.name, `${u.state}-${u.viewport}.json`), 'utf8'));
      const how = String(rec.timings?.stillBy ?? 'none').replace(/^shots: .*/, 'shots');
      by.set(how, (by.get(how) ?? 0) + 1);
      assert.equal(rec.stability?.stable, true, `${s.name}/${u.state}@${u.viewport} still`);
    }
    console.log(`run ${i}: exit ${r.code}, ${Math.round((Date.now() - t) / 1000)} s, ${units.length} units, still by ${[...by].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    assert.equal(r.code, 0, `run ${i} of 5: ${JSON.stringify(rep.specs.flatMap((s: any) => s.findings.filter((f: any) => f.fails)).map((f: any) => f.message)).slice(0, 3000)}`);
    assert.equal(units.length, 12);
    assert.ok(units.every((u) => u.status === 'pass'), JSON.stringify(units));
  }
  assert.deepEqual(codes, [0, 0, 0, 0, 0]);
});
