import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { IrError } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { gatewayError, errorText } from './style-errors.js';

/** One file field an endpoint accepts, by its name without `[]`. */
export interface MultipartFileField {
  required?: boolean;
  /** How many files this field may carry (`image[]` for edits: 16). Default 1. */
  maxCount?: number;
}

/** Limits enforced while the body is read: nothing is kept past them. */
export interface MultipartLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Largest whole request body, in bytes. */
  maxTotalBytes: number;
  /** Largest text field value, in bytes (default 1 MiB). */
  maxFieldBytes?: number;
  /** Most text fields (default 200). */
  maxFields?: number;
}

/** What an endpoint accepts in its multipart body. */
export interface MultipartSpec {
  files: Readonly<Record<string, MultipartFileField>>;
  limits: MultipartLimits;
}

/** An uploaded file, read whole (within the limits). */
export interface UploadedFile {
  /** The field name without `[]` (`image`). */
  field: string;
  filename: string;
  /** The part's `Content-Type` (`application/octet-stream` when it gave none). */
  contentType: string;
  data: Buffer;
}

/** One part of the form in the order sent, under its name as sent (`image[]`, `chunking_strategy[type]`). */
export type MultipartEntry = { name: string; value: string } | { name: string; file: UploadedFile };

/** A parsed multipart form. */
export interface MultipartForm {
  /** Every part in order, for forwarding the form upstream. */
  entries: MultipartEntry[];
  /** Text fields by name without `[]`: a list when sent several times or with `[]`. */
  fields: Record<string, string | string[]>;
  /** Files by field name without `[]`. */
  files: Record<string, UploadedFile[]>;
}

const DEFAULT_FIELD_BYTES = 1024 * 1024;
const DEFAULT_FIELDS = 200;

/**
 * Reads a `multipart/form-data` request with busboy as it arrives. The per-file and total limits
 * are enforced while reading: past either, reading stops (the rest of the body is discarded, not
 * kept) and the promise rejects with a 413. A body that is not multipart is a 415; a file in a
 * field the endpoint does not take, a text value where a file belongs, too many files, a missing
 * required file or a truncated body are 400s naming the problem.
 */
export function readMultipart(request: IncomingMessage, spec: MultipartSpec): Promise<MultipartForm> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !/boundary=/i.test(contentType))
    return Promise.reject(notMultipart(contentType));
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > spec.limits.maxTotalBytes) {
    return Promise.reject(
      tooLarge(`The request body (${declared} bytes) is larger than the limit of ${spec.limits.maxTotalBytes} bytes`),
    );
  }
  return new Promise((resolve, reject) => new MultipartReader(request, spec, resolve, reject).start());
}

/** The state of one multipart read. */
class MultipartReader {
  private readonly form: MultipartForm = { entries: [], fields: {}, files: {} };
  private readonly parser: busboy.Busboy;
  private received = 0;
  private pendingFiles = 0;
  /** Files seen per field, counted when each begins (they end later). */
  private readonly fileCounts = new Map<string, number>();
  private parserClosed = false;
  private settled = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly spec: MultipartSpec,
    private readonly resolve: (form: MultipartForm) => void,
    private readonly reject: (error: IrError) => void,
  ) {
    const { limits } = spec;
    const maxFiles = Object.values(spec.files).reduce((sum, field) => sum + (field.maxCount ?? 1), 0);
    this.parser = busboy({
      headers: request.headers,
      limits: {
        fileSize: limits.maxFileBytes,
        files: maxFiles,
        fields: limits.maxFields ?? DEFAULT_FIELDS,
        fieldSize: limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES,
      },
    });
  }

  start(): void {
    const { parser, request } = this;
    parser.on('file', (name, stream, info) => this.onFile(name, stream, info.filename ?? 'upload', info.mimeType));
    parser.on('field', (name, value, info) => this.onField(name, value, info.valueTruncated));
    parser.on('filesLimit', () =>
      this.fail(invalidRequest(`Too many files: this endpoint takes ${describeFileFields(this.spec)}`)),
    );
    parser.on('fieldsLimit', () =>
      this.fail(tooLarge(`Too many form fields (more than ${this.spec.limits.maxFields ?? DEFAULT_FIELDS})`)),
    );
    parser.on('error', (error: unknown) => this.fail(malformed(error)));
    parser.on('close', () => {
      this.parserClosed = true;
      this.finishIfDone();
    });
    request.on('data', (chunk: Buffer) => this.count(chunk.length));
    request.on('aborted', () => this.fail(invalidRequest('The request body was cut short')));
    request.on('error', (error) => this.fail(invalidRequest(`Could not read the request body: ${error.message}`)));
    request.pipe(parser);
  }

  private count(bytes: number): void {
    this.received += bytes;
    const max = this.spec.limits.maxTotalBytes;
    if (this.received > max) this.fail(tooLarge(`The request body is larger than the limit of ${max} bytes`));
  }

  private onField(rawName: string, value: string, truncated: boolean): void {
    if (this.settled) return;
    const name = baseName(rawName);
    if (truncated)
      return this.fail(
        tooLarge(
          `Form field "${rawName}" is larger than the limit of ${this.spec.limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES} bytes`,
          rawName,
        ),
      );
    if (this.spec.files[name])
      return this.fail(
        invalidRequest(`"${rawName}" must be a file upload (a part with a filename), not a text field`, name),
      );
    this.form.entries.push({ name: rawName, value });
    const existing = this.form.fields[name];
    if (existing === undefined) this.form.fields[name] = rawName.endsWith('[]') ? [value] : value;
    else this.form.fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }

  private onFile(rawName: string, stream: Readable, filename: string, contentType: string): void {
    const name = baseName(rawName);
    const field = this.spec.files[name];
    // busboy destroys an unfinished file's stream with the parse error (a truncated body).
    stream.on('error', (error: Error) => this.fail(malformed(error)));
    if (this.settled) return void stream.resume();
    const count = (this.fileCounts.get(name) ?? 0) + 1;
    this.fileCounts.set(name, count);
    if (!field)
      return this.discard(
        stream,
        invalidRequest(
          `Unexpected file field "${rawName}": this endpoint takes ${describeFileFields(this.spec)}`,
          name,
        ),
      );
    if (count > (field.maxCount ?? 1))
      return this.discard(stream, invalidRequest(`Too many files in "${name}": at most ${field.maxCount ?? 1}`, name));
    // The file takes its place in the form now: parts keep their order although files end later.
    const file: UploadedFile = {
      field: name,
      filename,
      contentType: contentType || 'application/octet-stream',
      data: Buffer.alloc(0),
    };
    (this.form.files[name] ??= []).push(file);
    this.form.entries.push({ name: rawName, file });
    const chunks: Buffer[] = [];
    let size = 0;
    this.pendingFiles++;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on('limit', () =>
      this.fail(
        tooLarge(
          `File "${filename}" in "${rawName}" is larger than the limit of ${this.spec.limits.maxFileBytes} bytes`,
          name,
        ),
      ),
    );
    stream.on('end', () => {
      this.pendingFiles--;
      file.data = Buffer.concat(chunks, size);
      this.finishIfDone();
    });
  }

  private discard(stream: Readable, error: IrError): void {
    stream.resume();
    this.fail(error);
  }

  private finishIfDone(): void {
    if (this.settled || !this.parserClosed || this.pendingFiles > 0) return;
    for (const [name, field] of Object.entries(this.spec.files)) {
      if (field.required && !this.form.files[name]?.length)
        return this.fail(invalidRequest(`Missing file: "${name}" is required`, name));
    }
    this.settled = true;
    this.resolve(this.form);
  }

  /**
   * Stops reading: the caller gets the error at once, then the parser is detached (so nothing
   * more is parsed or kept); the answer drains the rest of the body, within a bound.
   */
  private fail(error: IrError): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
    this.request.unpipe(this.parser);
    this.parser.removeAllListeners();
    this.parser.on('error', () => undefined);
    this.request.pause();
  }
}

/** The field name without a trailing `[]`. */
function baseName(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

function describeFileFields(spec: MultipartSpec): string {
  const names = Object.entries(spec.files).map(([name, field]) =>
    (field.maxCount ?? 1) > 1 ? `"${name}" or "${name}[]" (up to ${field.maxCount})` : `"${name}"`,
  );
  return `files in ${names.join(' and ')}`;
}

function malformed(error: unknown): IrError {
  return invalidRequest(`The multipart body is malformed: ${errorText(error)}`);
}

function tooLarge(message: string, param?: string): IrError {
  return gatewayError('request-too-large', message, { code: 'request_too_large', param: param ?? null });
}

function notMultipart(contentType: string): IrError {
  const given = contentType ? `"${contentType.split(';')[0]}"` : 'no Content-Type';
  return gatewayError(
    'invalid-request',
    `This endpoint takes a multipart/form-data body (with a boundary), not ${given}`,
    { status: 415, code: 'unsupported_media_type' },
  );
}
