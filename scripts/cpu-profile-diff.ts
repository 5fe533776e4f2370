/**
 * Compares two sets of CPU profiles (`node --cpu-prof`, or the inspector's Profiler.stop) of the same server
 * answering the same number of requests under two settings: each function's self time, in microseconds
 * per request, for each side and their difference, largest difference first. Profiles of one side are
 * averaged. Sampled time is wall time spent in the function, so on a busy machine a system call that
 * wakes another process (a socket write waking the load generator) also carries the time the server
 * waited for a core; the functions the server runs only under one setting, and the collector, are what
 * such a comparison shows.
 *
 *   node scripts/cpu-profile-diff.ts --requests 100000 [--top 40] [--inclusive] a1.cpuprofile a2.cpuprofile -- b1.cpuprofile …
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = new URL('..', import.meta.url).href;

function frameName({ callFrame }: ProfileNode): string {
  const url = callFrame.url.replace(ROOT, '').replace(/^.*node_modules\//, '');
  return `${callFrame.functionName || '(anonymous)'} ${url}:${callFrame.lineNumber + 1}`;
}

/** Microseconds by function, averaged over `files`: self time, or inclusive (each function once per sample). */
function timeByFunction(files: string[], inclusive: boolean): Map<string, number> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    profile.samples.forEach((sample, index) => {
      const micros = (profile.timeDeltas[index + 1] ?? 0) / files.length;
      const seen = new Set<string>();
      for (let id: number | undefined = sample; id !== undefined; id = inclusive ? parents.get(id) : undefined) {
        const name = frameName(nodes.get(id)!);
        if (seen.has(name)) continue;
        seen.add(name);
        totals.set(name, (totals.get(name) ?? 0) + micros);
      }
    });
  }
  return totals;
}

const { values, positionals } = parseArgs({
  options: {
    requests: { type: 'string' },
    top: { type: 'string', default: '40' },
    inclusive: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const split = process.argv.indexOf('--');
const requests = Number(values.requests);
if (!(requests > 0) || split === -1) {
  console.error('usage: node scripts/cpu-profile-diff.ts --requests N a.cpuprofile … -- b.cpuprofile …');
  process.exit(2);
}
const afterSplit = new Set(process.argv.slice(split + 1));
const sideA = timeByFunction(
  positionals.filter((file) => !afterSplit.has(file)),
  values.inclusive,
);
const sideB = timeByFunction([...afterSplit], values.inclusive);
const busy = (side: Map<string, number>) =>
  [...side]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(root)'))
    .reduce((sum, [, us]) => sum + us, 0);
const perRequest = (micros: number) => (micros / requests).toFixed(2).padStart(7);
console.log(`busy µs/request: A ${perRequest(busy(sideA))}, B ${perRequest(busy(sideB))}`);
console.log('   A µs    B µs   A − B  function');
const names = [...new Set([...sideA.keys(), ...sideB.keys()])].filter((name) => !name.startsWith('(idle)'));
const difference = (name: string) => (sideA.get(name) ?? 0) - (sideB.get(name) ?? 0);
names.sort((one, other) => Math.abs(difference(other)) - Math.abs(difference(one)));
for (const name of names.slice(0, Number(values.top)))
  console.log(
    `${perRequest(sideA.get(name) ?? 0)} ${perRequest(sideB.get(name) ?? 0)} ${perRequest(difference(name))}  ${name}`,
  );
