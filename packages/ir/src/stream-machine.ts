/**
 * A synchronous, I/O-free transducer. `push` may return any number of outputs for one input;
 * `end` flushes what remains when the input is over. Wrappers run it as an async generator
 * (gateway, adapters) or a web `TransformStream` (library users).
 */
export interface StreamMachine<In, Out> {
  push(input: In): Out[];
  end(): Out[];
}
