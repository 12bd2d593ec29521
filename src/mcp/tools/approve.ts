// approve: promote a completed run's captures to baselines — only when the call says confirm: true,
// never for a unit with blockers unless force: true, and only from a completed run made from the
// current tree (approve's run-integrity rules, the same code as `veval approve`). With fromImage,
// import an accepted design export as one unit's baseline instead (`veval approve --from-image`,
// the same code and checks).
import { z } from 'zod';
import { RefusedError } from '../errors.js';
import { resolveOptions } from '../../cli/resolve.js';
import { defineTool } from '../tool.js';

export default defineTool({
  name: 'approve',
  title: 'Approve baselines',
  description: 'Make a completed run\'s captures the approved baselines (`veval approve`). Only for an intended visual change, after you have looked at the captures: requires confirm: true. Refuses units whose captures have blocker findings unless force: true, new accessibility violations unless acceptA11yDebt: true, and any run that is not completed or not made from the current working tree. With fromImage: import an accepted design export (PNG, optionally with region boxes) as the baseline of one spec/state/viewport instead (`veval approve --from-image`; docs/design-parity.md).',
  input: z.object({
    confirm: z.boolean().optional().describe('must be true: approving replaces the reference every later run is compared with'),
    force: z.boolean().optional().describe('approve captures with blocker findings too (each is listed as a warning)'),
    acceptA11yDebt: z.boolean().optional().describe('record axe violations not yet known as accepted accessibility debt'),
    spec: z.string().min(1).optional().describe('only this spec'),
    state: z.string().min(1).optional().describe('only this state'),
    viewport: z.string().min(1).optional().describe('only this viewport'),
    run: z.string().min(1).optional().describe('run id or folder (default: the latest completed run)'),
    fromImage: z.string().min(1).optional().describe('a design export (PNG, project-relative) to import as the baseline of one unit (spec, and state/viewport when the spec has several) instead of a run\'s captures'),
    boxes: z.string().min(1).optional().describe('with fromImage: the export\'s named region boxes (JSON or YAML, docs/design-parity.md#region-boxes)'),
  }),
  readOnly: false,
  destructive: true,
  async run(a, ctx) {
    if (a.confirm !== true) throw new RefusedError('approve refused: it replaces the baselines every later run is compared with. Look at the captures first (run, explain), then call approve again with confirm: true');
    const { approveRun, approveLines, importExport } = await import('../../parity/approve/index.js');
    const r = resolveOptions({ config: ctx.config }, ctx.cwd);
    const where = { root: r.root, out: r.out, cwd: ctx.cwd, config: ctx.config };
    const ask = { spec: a.spec, state: a.state, viewport: a.viewport, run: a.run, force: a.force, acceptA11yDebt: a.acceptA11yDebt };
    if (a.fromImage !== undefined || a.boxes !== undefined) {
      const out = await importExport(where, { ...ask, fromImage: a.fromImage, boxes: a.boxes });
      return { text: out.lines.join('\n'), data: { exitCode: 0, written: out.written ? [out.written] : [], unchanged: out.unchanged ? [out.unchanged] : [], refused: [], warnings: [], acceptedDebt: [], orphans: [] } };
    }
    const out = await approveRun(where, ask);
    if ('repeated' in out) throw new RefusedError(`approve refused: ${out.repeated.join(', ')} given more than once`);
    const lines = [out.note, ...approveLines(out.res)];
    const { written, unchanged, refused, warnings, acceptedDebt, orphans } = out.res;
    return { text: lines.join('\n'), data: { exitCode: refused.length ? 1 : 0, written, unchanged, refused, warnings, acceptedDebt, orphans } };
  },
});
