// What the page does, whatever built it: a solve on the page, a count on the pool (cancellable).
export function demo({ goalLike, parseBoard, solvePuzzle, countQueens }, pool) {
  const show = (id, value) => (document.getElementById(id).textContent = JSON.stringify(value));
  const start = parseBoard('8 6 7/2 5 4/3 0 1');
  const puzzle = solvePuzzle(start, goalLike(start, 'blank-last'), { algorithm: 'astar', heuristic: 'linear-conflict' }).then((r) => ({
    status: r.status,
    length: r.length,
    backend: r.backend,
  }));
  puzzle.then((r) => show('puzzle', r));

  /** Counts N-Queens on the pool; `stopAfter` tasks finished, it cancels the rest. */
  async function count(n, stopAfter = Infinity) {
    const stop = new AbortController();
    document.getElementById('cancel').onclick = () => stop.abort();
    const onProgress = (done) => {
      if (done >= stopAfter) stop.abort();
    };
    const r = await countQueens(n, { runner: pool, signal: stop.signal, onProgress });
    const result = { n: r.n, status: r.status, solutions: r.solutions };
    show('queens', result);
    return result;
  }
  return { puzzle, count };
}
