/** A request field the style's API requires, its check and the words naming what it expects. */
export interface RequiredField {
  field: string;
  holds: (value: unknown) => boolean;
  expected: string;
}

/** A media URL a part names: the field path under the part, and the URL. */
export interface PartUrl {
  fields: readonly string[];
  url: string;
}

/** What a server reads of a style's request bodies (and count answers) without decoding them. */
export interface WireBodyFields {
  /** The top-level fields holding content: the ones that can name media by URL. */
  contentFields: readonly string[];
  /** The part `type` values that name media by URL. */
  mediaPartTypes: readonly string[];
  /** The keys of parts that name a file by URL. */
  fileDataKeys: readonly string[];
  /** The fields the style's API requires, checked before anything is sent upstream. */
  requiredFields: readonly RequiredField[];
  /** The field of the style's token-count answer that carries the count, as named in warnings. */
  countField: string;
  /** The media URL a part of one of `mediaPartTypes` names, read by its shape. */
  partUrl(part: Record<string, unknown>, type: string): PartUrl | undefined;
}
