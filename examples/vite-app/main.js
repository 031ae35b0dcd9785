import { goalLike, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
import { countQueens } from '@searchlab/engine/queens';
import { createWebPool } from '@searchlab/engine/browser';
// Vite builds the engine's worker entry as its own script and gives its URL.
import workerUrl from '@searchlab/engine/worker?worker&url';
import { demo } from './demo.js';

window.searchlab = demo({ goalLike, parseBoard, solvePuzzle, countQueens }, createWebPool(workerUrl, { size: 2 }));
