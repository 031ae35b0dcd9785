// Preloaded with `node --import` into a child whose peak memory a test measures: on exit, writes
// process.resourceUsage().maxRSS (KiB) to the file named by SEARCHLAB_MAX_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.SEARCHLAB_MAX_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
