/** A minimal Prometheus registry: counters, gauges and histograms with labels, rendered in text format 0.0.4. */
import "server-only";

type Labels = Record<string, string>;

const labelKey = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}="${String(labels[k]).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`)
    .join(",");

const sample = (name: string, key: string, value: number) =>
  `${name}${key ? `{${key}}` : ""} ${Number.isFinite(value) ? value : 0}`;

interface Metric {
  render(): string[];
}

export class Counter implements Metric {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1) {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  render() {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.values].map(([k, v]) => sample(this.name, k, v)),
    ];
  }
}

export class Gauge implements Metric {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  set(labels: Labels, value: number) {
    this.values.set(labelKey(labels), value);
  }
  render() {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} gauge`,
      ...[...this.values].map(([k, v]) => sample(this.name, k, v)),
    ];
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}
  observe(labels: Labels, value: number) {
    const key = labelKey(labels);
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    this.buckets.forEach((bound, i) => {
      if (value <= bound) s.counts[i] += 1;
    });
    s.sum += value;
    s.count += 1;
  }
  render() {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [key, s] of this.series) {
      const join = (extra: string) => (key ? `${key},${extra}` : extra);
      this.buckets.forEach((bound, i) => lines.push(sample(`${this.name}_bucket`, join(`le="${bound}"`), s.counts[i])));
      lines.push(sample(`${this.name}_bucket`, join(`le="+Inf"`), s.count));
      lines.push(sample(`${this.name}_sum`, key, s.sum), sample(`${this.name}_count`, key, s.count));
    }
    return lines;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];
  private readonly collectors: Array<() => Promise<void> | void> = [];

  register<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  /** Runs before each render, e.g. to refresh gauges from the database. */
  onCollect(collector: () => Promise<void> | void) {
    this.collectors.push(collector);
  }

  async render(): Promise<string> {
    await Promise.all(this.collectors.map((c) => c()));
    return `${this.metrics.flatMap((m) => m.render()).join("\n")}\n`;
  }
}

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
