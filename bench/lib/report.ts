/**
 * Every figure is one line, `name: value (target)`, printed as soon as it is measured; a figure
 * with a target is also marked [ok] or [MISS]. The figures are kept for the closing summary.
 */

export interface Figure {
  name: string;
  value: string;
  target?: string;
  /** Undefined when the figure has no target. */
  met?: boolean;
}

export class Report {
  readonly figures: Figure[] = [];

  figure(figure: Figure): void {
    this.figures.push(figure);
    const target = figure.target ? ` (${figure.target})` : "";
    const mark = figure.met === undefined ? "" : figure.met ? " [ok]" : " [MISS]";
    console.log(`${figure.name}: ${figure.value}${target}${mark}`);
  }

  /** A line that is no figure: what was measured how, a warning, a skipped part. */
  note(text: string): void {
    console.log(`  note: ${text}`);
  }

  /** The figures that missed their targets. */
  misses(): Figure[] {
    return this.figures.filter((figure) => figure.met === false);
  }
}
