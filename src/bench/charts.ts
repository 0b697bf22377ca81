/**
 * Benchmark charts as SVG: Vega-Lite specifications compiled to Vega and rendered headless
 * (`View.toSVG()` with renderer 'none', no browser or canvas). Each chart is built from
 * results.json alone, so the charts can be redrawn from a stored result.
 */
import type { BenchResult, GeneratorRun } from './runner.js';

/** A chart: its file name, the Vega-Lite spec it came from, and the SVG. */
export interface Chart {
  file: string;
  title: string;
  spec: Record<string, unknown>;
  svg: string;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** Generator names such as `baseline:label+synonyms` must not be cut off in legends. */
const CONFIG = { legend: { labelLimit: 0, titleLimit: 0 }, header: { labelLimit: 0 } };

const okRuns = (result: BenchResult): GeneratorRun[] => result.runs.filter((r) => r.status === 'ok');

/**
 * Raw-score distribution, reference vs non-reference candidates, one panel per generator with
 * its own x axis: raw scores of different generators live on different scales. Bars show the
 * share of each class per bin so the small true class stays visible next to the large false one.
 */
export function scoreDistributionSpec(result: BenchResult): Record<string, unknown> {
  const values: Record<string, unknown>[] = [];
  for (const run of okRuns(result)) {
    const bins = run.scoreHistogram ?? [];
    const totals = { true: bins.reduce((a, b) => a + b.true, 0), false: bins.reduce((a, b) => a + b.false, 0) };
    // A generator whose score never varies (1 for every exact label match) has one bin: it is
    // drawn as one narrow bar on a unit-wide axis around its value, not as a block filling an
    // axis of 0.975–1.025.
    const constant = bins.length === 1 && bins[0]!.hi <= bins[0]!.lo;
    for (const bin of bins) {
      const [lo, hi] = constant ? [Math.max(0, bin.lo - 0.02), Math.max(0.02, bin.lo)] : [bin.lo, bin.hi];
      const share = { true: totals.true > 0 ? bin.true / totals.true : 0, false: totals.false > 0 ? bin.false / totals.false : 0 };
      // Drawn stacked, not overlapping: the share both classes have in the bin, then what one
      // class has beyond the other, so every colour on the chart is one the legend names.
      const both = Math.min(share.true, share.false);
      const parts: Array<[string, number]> = [['in both (overlap)', both], ['in reference', share.true - both], ['not in reference', share.false - both]];
      let bottom = 0;
      for (const [truth, part] of parts) {
        if (!(part > 0)) continue;
        values.push({
          generator: run.name,
          lo,
          hi,
          truth,
          bottom,
          share: (bottom += part),
          inReference: `${bin.true} of ${totals.true}`,
          notInReference: `${bin.false} of ${totals.false}`,
        });
      }
      if (constant) {
        // An empty mark half a unit below the value widens the axis to a readable range.
        const edge = Math.max(0, bin.lo - 0.5);
        values.push({ generator: run.name, lo: edge, hi: edge, truth: 'in reference', bottom: 0, share: 0, inReference: '', notInReference: '' });
      }
    }
  }
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: {
      text: `Raw score distribution, reference vs other candidates — ${result.corpus.name}`,
      subtitle: [
        'Each generator on its own scale; a high raw score is not a probability of being right.',
        'Bars: share of each class in the bin; where both classes have candidates, the shared part is drawn once (overlap).',
      ],
      anchor: 'start',
    },
    data: { values },
    facet: { row: { field: 'generator', type: 'nominal', title: null, sort: okRuns(result).map((r) => r.name), header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
    spec: {
      width: 420,
      height: 90,
      mark: { type: 'bar', binSpacing: 0 },
      encoding: {
        x: { field: 'lo', type: 'quantitative', title: 'raw score (generator-specific)', scale: { zero: false, nice: false } },
        x2: { field: 'hi' },
        y: { field: 'share', type: 'quantitative', title: 'share of class', stack: null, axis: { format: '%' } },
        y2: { field: 'bottom' },
        color: {
          field: 'truth',
          type: 'nominal',
          title: 'candidates',
          scale: { domain: ['in reference', 'not in reference', 'in both (overlap)'], range: ['#1b9e77', '#d95f02', '#7f6b3a'] },
        },
        tooltip: [{ field: 'generator' }, { field: 'truth' }, { field: 'inReference', title: 'in reference' }, { field: 'notInReference', title: 'not in reference' }],
      },
    },
    resolve: { scale: { x: 'independent' } },
  };
}

/** Em widths of the characters of the default chart font (Helvetica-like), roughly. */
const NARROW = new Set([...'iljtf.,:;\'|!()[] ']);
const WIDE = new Set([...'mwMW@%']);

/**
 * The width in pixels a text takes in the chart font: an estimate good to a few per cent, which
 * is what laying out a title needs (SVG rendering has no text metrics without a browser).
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += NARROW.has(ch) ? 0.28 : WIDE.has(ch) ? 0.85 : ch >= 'A' && ch <= 'Z' ? 0.67 : 0.56;
  return em * fontSize;
}

/** A text broken into lines of at most `width` pixels at `fontSize`, at spaces. */
export function wrapText(text: string, width: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Plot width of the recall@k chart, in pixels. */
export const RECALL_CHART_WIDTH = 480;
/** Vega-Lite's default subtitle font size. */
const SUBTITLE_FONT_SIZE = 10;

export function recallAtKSpec(result: BenchResult): Record<string, unknown> {
  const values: Array<{ generator: string; k: number; recall: number }> = [];
  for (const run of okRuns(result)) {
    run.micro?.recallAt.forEach((recall, i) => values.push({ generator: run.name, k: i + 1, recall }));
  }
  // Published recall@10 figures (other systems, other set-ups) as labelled grey marks at k = 10.
  const published = result.published
    .filter((p) => p.metric === 'recall@10')
    .map((p) => ({ k: 10, recall: p.value / 100, label: `${p.system}: ${p.approximate ? '≈' : ''}${p.value} (published)`, kind: 'published, not measured' }));
  const line = {
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'k', type: 'quantitative', title: 'k (candidates per subject)', scale: { domainMin: 1 }, axis: { tickMinStep: 1 } },
      y: { field: 'recall', type: 'quantitative', title: 'recall@k', scale: { domain: [recallAxisFloor([...values.map((v) => v.recall), ...published.map((p) => p.recall)]), 1] }, axis: { format: '%' } },
      color: { field: 'generator', type: 'nominal', title: 'generator' },
    },
  };
  const layers: Record<string, unknown>[] = [line];
  if (published.length) {
    // Grey hollow shapes at k = 10, one shape per system, named in their own legend.
    layers.push({
      data: { values: published },
      mark: { type: 'point', filled: false, size: 90, strokeWidth: 1.5, color: '#555' },
      encoding: {
        x: { field: 'k', type: 'quantitative' },
        y: { field: 'recall', type: 'quantitative' },
        shape: { field: 'label', type: 'nominal', title: 'published recall@10 (not measured)', scale: { range: ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'] } },
      },
    });
  }
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: {
      text: `Recall@k of candidate lists — ${result.corpus.name}`,
      // Left-aligned and wrapped to the plot's width: a centred one-line subtitle wider than the
      // plot pushed the plot right and left a third of the chart blank.
      subtitle: wrapText(
        `Share of reference mappings among each subject's top k candidates (micro over ${result.corpus.pairs.length} pair(s)).${published.length ? ' Grey: published figures, not measured here.' : ''}`,
        RECALL_CHART_WIDTH,
        SUBTITLE_FONT_SIZE,
      ),
      anchor: 'start',
    },
    width: RECALL_CHART_WIDTH,
    height: 300,
    layer: layers,
  };
}

/**
 * Where the recall@k axis starts: the lowest value shown, rounded down to a tenth, so the axis
 * is spent where the lines are (0 when a line starts near it).
 */
export function recallAxisFloor(recalls: readonly number[]): number {
  const finite = recalls.filter((r) => Number.isFinite(r));
  if (finite.length === 0) return 0;
  return Math.max(0, Math.floor((Math.min(...finite) - 0.02) * 10) / 10);
}

export function precisionRecallSpec(result: BenchResult): Record<string, unknown> {
  const curve: Record<string, unknown>[] = [];
  const points: Record<string, unknown>[] = [];
  for (const run of okRuns(result)) {
    (run.prCurve ?? []).forEach((p, step) => curve.push({ generator: run.name, step, ...p }));
    if (run.micro) points.push({ generator: run.name, precision: run.micro.proposal.precision, recall: run.micro.proposal.recall, marker: 'mutual top-1 proposal set' });
  }
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: {
      text: `Precision / recall over raw-score thresholds — ${result.corpus.name}`,
      subtitle: 'Lines: every threshold on all candidates (micro). Points: the mutual top-1 proposal set.',
      anchor: 'start',
    },
    width: 480,
    height: 320,
    layer: [
      {
        data: { values: curve },
        mark: { type: 'line', clip: true },
        encoding: {
          x: { field: 'recall', type: 'quantitative', title: 'recall', scale: { domain: [0, 1] }, axis: { format: '%' } },
          y: { field: 'precision', type: 'quantitative', title: 'precision', scale: { domain: [0, 1] }, axis: { format: '%' } },
          color: { field: 'generator', type: 'nominal', title: 'generator' },
          order: { field: 'step', type: 'quantitative' },
        },
      },
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 80 },
        encoding: {
          x: { field: 'recall', type: 'quantitative' },
          y: { field: 'precision', type: 'quantitative' },
          color: { field: 'generator', type: 'nominal', title: 'generator' },
          shape: { field: 'marker', type: 'nominal', title: 'operating point' },
        },
      },
    ],
  };
}

/** F1 of the selected alignment against the number of questions a simulated reviewer answered (the fused run). */
export function reviewCurveSpec(result: BenchResult): Record<string, unknown> | undefined {
  const run = okRuns(result).find((r) => r.review?.length);
  if (!run?.review) return undefined;
  const values = run.review.flatMap((sim) => sim.curve.map((p) => ({ questions: p.questions, f1: p.f1, oracle: sim.errorRate === 0 ? 'perfect oracle' : `${Math.round(sim.errorRate * 100)} % wrong answers` })));
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: {
      text: `Interactive review, simulated — ${result.corpus.name}`,
      subtitle: [`F1 of the selected ${run.review[0]!.scope === 'equivalence' ? 'equivalence ' : ''}alignment (fused candidates) after each question,`, 'asked in the review page\'s order and answered from the reference (mean over seeds).'],
    },
    data: { values },
    width: 460,
    height: 260,
    mark: { type: 'line', point: false },
    encoding: {
      x: { field: 'questions', type: 'quantitative', title: 'questions answered' },
      y: { field: 'f1', type: 'quantitative', title: 'F1', scale: { zero: false } },
      color: { field: 'oracle', type: 'nominal', title: 'oracle' },
    },
  };
}

/** Compiles a Vega-Lite spec and renders it to SVG without a browser. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  // Loaded here, not at the top: only `bench --out` draws charts (STYLE.md point 3).
  const [vl, vega] = await Promise.all([import('vega-lite'), import('vega')]);
  const compiled = vl.compile(spec as unknown as Parameters<typeof vl.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The files a report's charts may be written to (the review curve only when a review was simulated). */
export const CHART_FILES = ['score-distribution.svg', 'recall-at-k.svg', 'precision-recall.svg', 'review-curve.svg'] as const;

export async function renderCharts(result: BenchResult): Promise<Chart[]> {
  const [scores, recall, pr, curve] = CHART_FILES;
  const specs: [string, string, Record<string, unknown>][] = [
    [scores, 'Raw score distribution', scoreDistributionSpec(result)],
    [recall, 'Recall@k', recallAtKSpec(result)],
    [pr, 'Precision/recall', precisionRecallSpec(result)],
  ];
  const review = reviewCurveSpec(result);
  if (review) specs.push([curve, 'Simulated review', review]);
  const charts: Chart[] = [];
  for (const [file, title, spec] of specs) charts.push({ file, title, spec, svg: await renderSvg(spec) });
  return charts;
}
