import { loadKernels } from '@searchlab/engine';
import { parseBoard, goalLike, solvePuzzle } from '@searchlab/engine/puzzle';
import { readFileSync } from 'node:fs';
await loadKernels();
const rows = readFileSync('/work/wt-bounded/data/korf24-50.tsv','utf8').split('\n').filter(l=>/^\d/.test(l)).map(l=>{const [id,opt,t]=l.split('\t'); const s=parseBoard(t,{size:5}); return {id:+id,opt:+opt,s,g:goalLike(s,'blank-first')};});
const w = +process.argv[2];
for (const k of rows.slice(0, +process.argv[3])) {
  const r = await solvePuzzle(k.s, k.g, { algorithm: 'wida', weight: w, heuristic: 'linear-conflict', maxNodes: +process.argv[4] });
  console.log(k.id, k.opt, r.status, r.length, r.length && (r.length/k.opt).toFixed(3), r.stats.expanded, r.stats.iterations, (r.stats.timeMs/1000).toFixed(2), r.lowerBound);
}
