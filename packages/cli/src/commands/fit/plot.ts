// SVG files from the engine's Observable Plot charts, rendered in Node with happy-dom (the same
// charts the web view draws). Files are written by the one atomic writer (engine node/atomic.ts).
import { writeFileAtomic } from '@searchlab/engine/node';

/** Renders `draw(document)` to standalone SVG text. happy-dom is loaded here, not at start-up (it is most of the CLI's code). */
export async function renderSvg(draw: (document: Document) => Element): Promise<string> {
  const { Window } = await import('happy-dom');
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
  await writeFileAtomic(path, text, { label: '--plot' });
}

/** out.svg → out-rms.svg (the second chart beside the first). */
export function siblingPath(path: string, suffix: string): string {
  return /\.svg$/i.test(path) ? path.replace(/\.svg$/i, `-${suffix}.svg`) : `${path}-${suffix}.svg`;
}
