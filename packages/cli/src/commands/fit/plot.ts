// SVG files from the engine's Observable Plot charts, rendered in Node with happy-dom (the same
// charts the web view draws). Files are written atomically: a temporary file beside the target,
// then a rename, so a reader never sees half a chart.
import { rename, rm, writeFile } from 'node:fs/promises';
import { Window } from 'happy-dom';
import { InvalidInputError } from '@searchlab/engine';

/** Renders `draw(document)` to standalone SVG text. */
export function renderSvg(draw: (document: Document) => Element): string {
  const window = new Window();
  try {
    const el = draw(window.document as unknown as Document);
    const svg = el.tagName.toLowerCase() === 'svg' ? el : el.querySelector('svg');
    if (svg === null) throw new Error('the chart has no <svg>');
    svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return `<?xml version="1.0" encoding="UTF-8"?>\n${svg.outerHTML}\n`;
  } finally {
    void window.happyDOM.close();
  }
}

export async function writeAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new InvalidInputError(`cannot write --plot ${path}: ${code ?? String(e)}`);
  }
}

/** out.svg → out-rms.svg (the second chart beside the first). */
export function siblingPath(path: string, suffix: string): string {
  return /\.svg$/i.test(path) ? path.replace(/\.svg$/i, `-${suffix}.svg`) : `${path}-${suffix}.svg`;
}
