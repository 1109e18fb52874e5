import type { IrResponse, IrStreamEvent, SseMessage, StreamMachine, StyleCodec } from '@interlingua/ir';
import { createOpenAiResponsesStreamEncoder, openAiResponsesResponseFromIr } from '@interlingua/openai-responses';

type Echo = Parameters<typeof openAiResponsesResponseFromIr>[1];

/** The id and creation time the gateway gives one answer. */
export interface AnswerHead {
  id: string;
  /** Unix seconds, used when the upstream gave none. */
  created: number;
}

/** Gives every answer of a call another shape (a compaction turn answers one `compaction` item). */
export interface AnswerShape {
  /** The complete answer, before it is encoded (JSON answers and the stored response object). */
  response(ir: IrResponse): IrResponse;
  /** The caller's stream encoder, wrapped. */
  stream(encoder: StreamMachine<IrStreamEvent, SseMessage>): StreamMachine<IrStreamEvent, SseMessage>;
}

/** The Responses codec for one call: answers carry the gateway's id and the request's echo fields. */
export interface ResponsesCallCodec {
  codec: StyleCodec<unknown, unknown>;
  /** The answer object as the caller receives it (for a stream: the `response.completed` object). */
  responseObject(ir: IrResponse, streamed: boolean): Record<string, unknown>;
}

/**
 * Wraps the Responses codec for one request: the non-streaming answer and every streamed
 * `response` object carry `head.id` (the id the gateway stores the answer under) and the
 * request's echoed fields (`instructions`, `tools`, `store`, …), read only when an answer is
 * encoded (never on the fast path).
 */
export function responsesCallCodec(
  base: StyleCodec<unknown, unknown>,
  readEcho: () => Echo,
  head: AnswerHead,
  alias: string,
  shape?: AnswerShape,
): ResponsesCallCodec {
  let cached: Echo | undefined;
  const echo = (): Echo => (cached ??= readEcho());
  const headed = (ir: IrResponse, model: string): IrResponse => ({
    ...ir,
    id: head.id,
    created: ir.created || head.created,
    model,
  });
  let last: { ir: IrResponse; streamed: boolean; result: ReturnType<typeof openAiResponsesResponseFromIr> } | undefined;
  const encode = (ir: IrResponse, streamed: boolean): ReturnType<typeof openAiResponsesResponseFromIr> => {
    if (last?.ir === ir && last.streamed === streamed) return last.result;
    last = {
      ir,
      streamed,
      result: openAiResponsesResponseFromIr(
        headed(shape ? shape.response(ir) : ir, streamed ? alias : ir.model),
        echo(),
      ),
    };
    return last.result;
  };
  return {
    codec: {
      ...base,
      response: { ...base.response, fromIr: (ir) => encode(ir, false) },
      stream: {
        ...base.stream,
        createEncoder: (options) => {
          const encoder = createOpenAiResponsesStreamEncoder(options, echo());
          let started = false;
          const start = (event: IrStreamEvent): IrStreamEvent[] => {
            if (started) return [event];
            started = true;
            if (event.type === 'response-start')
              return [{ ...event, id: head.id, created: event.created || head.created }];
            return [
              { type: 'response-start', id: head.id, model: options?.model ?? alias, created: head.created },
              event,
            ];
          };
          const machine: StreamMachine<IrStreamEvent, SseMessage> = {
            // Once the stream has started, each event goes straight to the encoder (no array per event).
            push: (event) => (started ? encoder.push(event) : start(event).flatMap((e) => encoder.push(e))),
            end: () => {
              const opening = started
                ? []
                : start({ type: 'response-start', id: head.id, model: alias, created: head.created }).flatMap((e) =>
                    encoder.push(e),
                  );
              return [...opening, ...encoder.end()];
            },
          };
          return shape ? shape.stream(machine) : machine;
        },
      },
    },
    responseObject: (ir, streamed) => encode(ir, streamed).value as unknown as Record<string, unknown>,
  };
}
