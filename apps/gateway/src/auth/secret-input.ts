/** The longest secret `interlingua hash-key` reads from its input. */
export const MAX_SECRET_INPUT_BYTES = 64 * 1024;

/**
 * The secret `interlingua hash-key` hashes when none is given as an argument: everything on
 * `input` (standard input: a pipe, a file, or typed and ended with Ctrl-D), without its final line
 * break, so `echo "$SECRET" | interlingua hash-key` and `printf %s "$SECRET" | …` agree. Reading
 * it there keeps the secret out of the process list and the shell's history, where an argument
 * is seen. Refuses an empty input and one past MAX_SECRET_INPUT_BYTES.
 */
export async function secretFromInput(input: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > MAX_SECRET_INPUT_BYTES)
      throw new Error(`hash-key: the secret on standard input is longer than ${MAX_SECRET_INPUT_BYTES} bytes`);
    chunks.push(buffer);
  }
  const secret = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (secret === '') throw new Error('hash-key: no secret on standard input (pipe it in, or end typing with Ctrl-D)');
  return secret;
}
