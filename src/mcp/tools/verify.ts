// verify: the done-check as a tool — the newest completed run covering every spec passed and was
// made from the current working tree and baselines; when it fails, the lines say why (stale: which
// files changed; partial: which units are missing; failed: which specs).
import { z } from 'zod';
import { cliOptions, defineTool } from '../tool.js';

export default defineTool({
  name: 'verify',
  title: 'Done-check',
  description: 'The done-check (`veval verify`): ok only when the newest completed run covering every spec passed the gate and matches the current working tree and baselines. When it fails the result says why — stale (the files changed since), partial (units missing), interrupted, or failed (which specs). A UI change is done only when this is ok.',
  input: z.object({}),
  readOnly: true,
  async run(_a, ctx) {
    const { cmdVerify } = await import('../../cli/cmd-verify.js');
    const opts = cliOptions(ctx, ['mcp', 'verify']);
    const code = await cmdVerify(opts);
    const lines = opts.captured();
    const stale = lines.some((l) => /is stale/.test(l));
    return { text: lines.join('\n'), data: { ok: code === 0, exitCode: code, stale, lines } };
  },
});
