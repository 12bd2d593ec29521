// A gated golden run folder, optionally with hostile page-derived text injected into report.json
// (reporters read only report.json, so that is where an attacker's text would arrive).
import fs from 'node:fs';
import path from 'node:path';
import { getCheck } from '../../src/checks/registry.js';
import { gateRun } from '../../src/gate/index.js';
import type { Report } from '../../src/gate/report-schema.js';
import { goldenRun, INFO } from '../gate/fixture.js';

export const HOSTILE = {
  script: '<script>window.__pwned = 1</script>',
  attr: '"><img src=x onerror="window.__pwned=2">',
  selector: "button[data-x='</code><script>window.__pwned=3</script>']",
  text: '<img src=x onerror=window.__pwned=4> & | * _ `tick`',
};

export function gatedRun(hostile = false): { dir: string; report: Report } {
  const { run, dir } = goldenRun();
  const report = gateRun(run, INFO);
  if (hostile) {
    const spec = report.specs.find((s) => s.name === 'checkout')!;
    spec.findings.push(
      { check: 'text-clipped', severity: 'important', state: 'default', viewport: 'desktop', message: HOSTILE.script, evidence: { file: 'checkout/default-desktop.png', selector: HOSTILE.selector, box: { x: 80, y: 120, width: 100, height: 20 }, text: HOSTILE.text }, fails: true, effect: 'blocker' },
      { check: HOSTILE.attr, severity: 'polish', state: null, viewport: null, message: HOSTILE.attr, evidence: { file: null }, fails: false, effect: 'warn-only' },
    );
    spec.reasons.push(HOSTILE.script);
    spec.otherReasons.push(HOSTILE.script);
    spec.url = `javascript:alert(1)//${HOSTILE.attr}`;
    fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report));
  }
  return { dir, report };
}

/** Changes the gated report.json in place (reporters read only that file) and returns it. */
export function editReport(dir: string, report: Report, edit: (r: Report) => void): Report {
  edit(report);
  fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report));
  return report;
}

type Box = { x: number; y: number; width: number; height: number };
export const CLUSTERS: Box[] = [{ x: 0, y: 744, width: 390, height: 100 }, { x: 20, y: 100, width: 120, height: 40 }, { x: 200, y: 400, width: 60, height: 30 }];

/** The report after a run with `--update-baselines` on checkout's desktop unit, clusters on its
 *  mobile parity finding and the regions of a min-gap finding. */
export function richReport(dir: string, report: Report, baselines: 'listed' | 'outcome-only' = 'listed'): Report {
  return editReport(dir, report, (r) => {
    const checkout = r.specs.find((s) => s.name === 'checkout')!;
    const parity = checkout.findings.find((f) => f.check === 'parity' && f.evidence.box)!;
    Object.assign(parity.evidence, { clusters: CLUSTERS.map((box, i) => ({ box, pixels: 1000 - i })) });
    // the gate writes a check's words for its box (meta.label) as evidence.label
    const gap = checkout.findings.find((f) => f.check === 'min-gap')!.evidence;
    Object.assign(gap, { regions: ['summary', 'footer'] });
    Object.assign(gap, { label: getCheck('min-gap')!.meta.label!(gap) });
    checkout.units[0].parity = 'baseline-written';
    if (baselines === 'listed') checkout.baselines = { manifest: 'baselines/checkout/manifest.json', units: [], written: ['baselines/checkout/default-desktop.png'] };
    for (const [i, u] of checkout.units.entries()) Object.assign(u, { ms: 1234 + i });
  });
}
