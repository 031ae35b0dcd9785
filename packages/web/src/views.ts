// Every view of the lab. A new domain is a folder src/<domain>/ exporting a View, and one line here.
import type { View } from './shell/view.js';
import { puzzleView } from './puzzle/view.js';
import { queensView } from './queens/view.js';
import { montyView } from './monty/view.js';
import { fitView } from './fit/view.js';

export const VIEWS: readonly View[] = [puzzleView, queensView, montyView, fitView];
