/** A run of text of a PDF page where pdf.js placed it: x and y of its baseline start (y up), its width and height. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

// Runs whose baselines are within this share of their height are on one line (superscripts, mixed sizes).
const SAME_LINE = 0.5;
// A gap wider than this share of the height between two runs of a line is a space the PDF did not write.
const WORD_GAP = 0.2;
// A gap between lines taller than this many line heights starts a paragraph: a blank line.
const PARAGRAPH_GAP = 2;

/**
 * A page's text in reading order whatever order its content stream drew it in: lines top to bottom,
 * runs left to right within a line, a space where runs are apart, a blank line where lines are far apart.
 */
export function orderPageText(runs: readonly PlacedText[]): string {
  const sorted = runs.filter((run) => run.text.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PlacedText[][] = [];
  for (const run of sorted) {
    const line = lines.at(-1);
    const reference = line?.[0];
    if (line && reference && Math.abs(reference.y - run.y) <= Math.max(reference.height, run.height) * SAME_LINE) {
      line.push(run);
    } else {
      lines.push([run]);
    }
  }
  let text = '';
  let previous: PlacedText | undefined;
  for (const line of lines) {
    const first = line[0]!;
    if (previous) {
      const height = Math.max(previous.height, first.height, 1);
      text += previous.y - first.y > height * PARAGRAPH_GAP ? '\n\n' : '\n';
    }
    text += joinLine(line.sort((a, b) => a.x - b.x));
    previous = first;
  }
  return text;
}

function joinLine(runs: readonly PlacedText[]): string {
  let line = '';
  let end = -Infinity;
  for (const run of runs) {
    const isApart = run.x - end > Math.max(run.height, 1) * WORD_GAP;
    if (line && isApart && !/\s$/.test(line) && !/^\s/.test(run.text)) line += ' ';
    line += run.text;
    end = run.x + run.width;
  }
  return line;
}
