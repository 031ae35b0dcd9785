import { goalLike, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
import { countQueens } from '@searchlab/engine/queens';
import { createWebPool } from '@searchlab/engine/browser';
import { demo } from './demo.js';

window.searchlab = demo({ goalLike, parseBoard, solvePuzzle, countQueens }, createWebPool(new URL('./searchlab-worker.js', import.meta.url), { size: 2 }));
