/** The label value that stands for every value past the bound. */
export const OTHER_LABEL_VALUE = 'other';

/** Distinct caller-chosen label values a metric keeps by default, and their total characters. */
export const MAX_MODEL_LABEL_VALUES = 1_000;
export const MAX_MODEL_LABEL_CHARS = 256 * 1024;

/**
 * Label values a caller can choose (the upstream model of a glob route is the caller's text). A
 * Prometheus metric keeps every label set it ever counted, so the distinct values are bounded in
 * number and in characters; the first values seen keep their own series, later new ones are
 * counted under `other`.
 */
export class BoundedLabelValues {
  private readonly seen = new Set<string>();
  private chars = 0;

  constructor(
    private readonly maxValues = MAX_MODEL_LABEL_VALUES,
    private readonly maxChars = MAX_MODEL_LABEL_CHARS,
  ) {}

  /** `value` while it is known or there is room for it, `other` otherwise. */
  label(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.maxValues || this.chars + value.length > this.maxChars) return OTHER_LABEL_VALUE;
    this.seen.add(value);
    this.chars += value.length;
    return value;
  }

  /** Distinct values kept and their total characters. */
  kept(): { values: number; chars: number } {
    return { values: this.seen.size, chars: this.chars };
  }
}
