import type { IrErrorData, IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';

/** The sealed `compaction` output item made from the summary the model wrote. */
export type CompactionItemFor = (summary: string) => Record<string, unknown>;

const TERMINAL = new Set(['response.completed', 'response.incomplete']);

/**
 * Turns the Responses stream of a summarising call into the stream of a compaction turn: the
 * response opens as soon as the upstream answers (`response.created`, `response.in_progress`),
 * the summary text is gathered instead of being streamed, and at the end one `compaction` item
 * (`response.output_item.added` and `.done`) comes before `response.completed`, whose `output`
 * holds that item alone. A summary cut short by the output limit still completes: it is the
 * summary there is. An empty summary fails the response (`error`, `response.failed`).
 *
 * The events of `inner` are renumbered, since the item's events are written here: a compaction
 * turn is a handful of events, so each is parsed once.
 */
export function compactionStream(
  inner: StreamMachine<IrStreamEvent, SseMessage>,
  itemFor: CompactionItemFor,
  noSummary: IrErrorData,
): StreamMachine<IrStreamEvent, SseMessage> {
  let sequence = 0;
  let summary = '';
  let failed = false;
  const textBlocks = new Set<number>();
  const numbered = (messages: readonly SseMessage[], output?: Record<string, unknown>): SseMessage[] =>
    messages.map((message) => {
      const data = JSON.parse(message.data) as Record<string, unknown>;
      data.sequence_number = sequence++;
      const response = data.response as Record<string, unknown> | undefined;
      if (output && response && TERMINAL.has(String(data.type))) response.output = [output];
      return { event: message.event, data: JSON.stringify(data) };
    });
  const emit = (type: string, item: Record<string, unknown>): SseMessage => ({
    event: type,
    data: JSON.stringify({ type, output_index: 0, item, sequence_number: sequence++ }),
  });
  return {
    push(event) {
      switch (event.type) {
        case 'response-start':
        case 'usage-update':
          return numbered(inner.push(event));
        case 'error':
          failed = true;
          return numbered(inner.push(event));
        case 'text-start':
          if ((event.choice ?? 0) === 0) textBlocks.add(event.index);
          return [];
        case 'text-delta':
          if (textBlocks.has(event.index)) summary += event.delta;
          return [];
        case 'finish':
          // Reported as a normal stop whatever the reason (see above); it also opens the response.
          return (event.choice ?? 0) === 0
            ? numbered(inner.push({ ...event, finishReason: { ...event.finishReason, unified: 'stop' } }))
            : [];
        default:
          return [];
      }
    },
    end() {
      if (failed) return numbered(inner.end());
      const text = summary.trim();
      if (text === '') return numbered([...inner.push({ type: 'error', error: noSummary }), ...inner.end()]);
      const item = itemFor(text);
      const head = [emit('response.output_item.added', item), emit('response.output_item.done', item)];
      return [...head, ...numbered(inner.end(), item)];
    },
  };
}
