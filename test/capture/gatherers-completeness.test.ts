// The gatherers' registry (capture/gatherers, generated) and the rules each gatherer keeps: id =
// file name, the generated list current, a painting gatherer never in the calm window, each record
// field written by one gatherer, every hook at a named slot. Like test/checks/completeness.test.ts.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listFile, MODULE_LISTS, moduleListSource, modulesIn } from '../../src/core/module-list.js';
import { GATHERERS } from '../../src/capture/gatherer-registry.js';
import { SLOTS, type Gatherer } from '../../src/capture/gatherer.js';
import { REPO } from '../helpers/tmp.js';

/** Every rule the gatherers break, in words. */
export function gathererProblems(list: readonly Gatherer[]): string[] {
  const bad: string[] = [];
  const owner = new Map<string, string>();
  for (const g of list) {
    if (g.meta.paints && g.slots['in-calm']) bad.push(`${g.meta.id} paints, so it may not run in-calm (the calm window would see it)`);
    for (const s of Object.keys(g.slots)) if (!(SLOTS as readonly string[]).includes(s)) bad.push(`${g.meta.id} has a hook at "${s}", which is no slot`);
    for (const f of g.meta.fields) {
      if (owner.has(f)) bad.push(`record.${f} is written by ${owner.get(f)} and ${g.meta.id}`);
      owner.set(f, g.meta.id);
    }
  }
  return bad;
}

const list = MODULE_LISTS.find((l) => l.dir === 'src/capture/gatherers')!;

it('the generated list is what the files in src/capture/gatherers give (npm run schema), sorted, id = file name', () => {
  assert.equal(fs.readFileSync(path.join(REPO, listFile(list)), 'utf8'), moduleListSource(REPO, list), `${listFile(list)} is stale: run npm run schema`);
  assert.deepEqual(modulesIn(REPO, list), GATHERERS.map((g) => g.meta.id));
});

it('the gatherers keep the rules: no painting gatherer in-calm, one writer per record field, hooks at slots only', () => {
  assert.deepEqual(gathererProblems(GATHERERS), []);
});

it('the rules can fail', () => {
  const toy = (id: string, paints: boolean, slot: string): Gatherer => ({ meta: { id, version: 1, what: id, paints, fields: ['aria'] }, slots: { [slot]: async () => {} } });
  assert.deepEqual(gathererProblems([toy('a', true, 'in-calm'), toy('b', false, 'whenever')]), [
    'a paints, so it may not run in-calm (the calm window would see it)',
    'b has a hook at "whenever", which is no slot',
    'record.aria is written by a and b',
  ]);
});

// (the gatherers it names are not required: a new gatherer is one file, its README line optional)
it('src/capture/README.md draws every slot', () => {
  const readme = fs.readFileSync(path.join(REPO, 'src/capture/README.md'), 'utf8');
  for (const s of SLOTS) assert.match(readme, new RegExp(`► ${s}(\\s|$)`, 'm'), `slot ${s}`);
});
