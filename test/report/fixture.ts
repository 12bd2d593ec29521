// A gated golden run folder, optionally with hostile page-derived text injected into report.json
// (reporters read only report.json, so that is where an attacker's text would arrive).
import fs from 'node:fs';
import path from 'node:path';
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
      { check: 'text-clipped', severity: 'important', state: 'default', viewport: 'desktop', message: HOSTILE.script, evidence: { file: 'checkout/default-desktop.png', selector: HOSTILE.selector, box: { x: 80, y: 120, width: 100, height: 20 }, text: HOSTILE.text } },
      { check: HOSTILE.attr, severity: 'polish', state: null, viewport: null, message: HOSTILE.attr, evidence: { file: null } },
    );
    spec.reasons.push(HOSTILE.script);
    spec.url = `javascript:alert(1)//${HOSTILE.attr}`;
    fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report));
  }
  return { dir, report };
}
