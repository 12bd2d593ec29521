import assert from 'node:assert/strict';
import { it } from 'node:test';
import { check } from '../../src/checks/axe.js';
import { IncompleteCheckError } from '../../src/checks/lib/finding.js';
import type { AxeRuleLite } from '../../src/checks/types.js';
import { record, runCase, testCheck, unit } from './helpers.js';

const rule = (id: string, impact: AxeRuleLite['impact'], targets: string[][] = [['#x']]): AxeRuleLite => ({
  id, impact, help: `help for ${id}`, helpUrl: `https://dequeuniversity.com/rules/axe/4.10/${id}`,
  nodes: targets.map((t) => ({ target: t, html: `<p id="x">${id}</p>`, impact })),
});
const withAxe = (...violations: AxeRuleLite[]) => unit(record({ viewport: 'mobile' }), { violations });

testCheck(check, {
  valid: [
    { name: 'no violations', units: [withAxe()] },
    { name: 'minor below the default moderate threshold', units: [withAxe(rule('region', 'minor'))] },
    { name: 'a disabled rule', units: [withAxe(rule('color-contrast', 'serious'))], options: { disable: ['color-contrast'] } },
    { name: 'moderate below a serious threshold', units: [withAxe(rule('heading-order', 'moderate'))], options: { impact: 'serious' } },
    { name: 'a failed capture has no axe to read', units: [unit(record({ ok: false, error: { reason: 'internal', message: 'x' } }), null)] },
  ],
  invalid: [
    {
      name: 'impacts map to severities, with rule, impact, targets and help',
      units: [withAxe(rule('label', 'critical', [['#email'], ['#card']]), rule('color-contrast', 'serious'), rule('heading-order', 'moderate'), rule('landmark-one-main', 'minor'))],
      options: { impact: 'minor' },
      findings: [
        { severity: 'blocker', rule: 'label', impact: 'critical', message: ['axe label (critical)', 'help for label', '2 elements: "#email", "#card"', 'dequeuniversity'], evidence: { selector: '#email', targets: ['#email', '#card'], helpUrl: 'https://dequeuniversity.com/rules/axe/4.10/label' } },
        { severity: 'blocker', rule: 'color-contrast', impact: 'serious' },
        { severity: 'important', rule: 'heading-order', impact: 'moderate' },
        { severity: 'polish', rule: 'landmark-one-main', impact: 'minor' },
      ],
    },
    { name: 'a severity override', units: [withAxe(rule('label', 'critical'))], severity: 'polish', findings: [{ severity: 'polish', impact: 'critical' }] },
    { name: 'a rule without impact takes its worst node, iframe targets joined', units: [unit(record(), { violations: [{ id: 'r', impact: null, help: 'h', nodes: [{ target: [['iframe', '#a']], impact: 'serious' }] }] })], findings: [{ impact: 'serious', evidence: { selector: 'iframe >>> #a' } }] },
  ],
});

it('missing axe results for a captured page are an error that keeps the other units\u2019 findings', () => {
  const units = [withAxe(rule('label', 'critical')), { ...unit(record({ viewport: 'desktop', axeError: 'axe.run timed out' }), null) }];
  assert.throws(() => runCase(check, { name: '', units }), (err: unknown) => {
    assert.ok(err instanceof IncompleteCheckError);
    assert.match(err.message, /default-desktop: axe\.run timed out/);
    assert.equal(err.findings.length, 1);
    return true;
  });
});
