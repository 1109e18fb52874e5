import type { StreamMachine } from '@interlingua/ir';

/** Runs a machine over an async source, yielding each batch of outputs as soon as it exists. */
export async function* runMachineBatches<In, Out>(
  machine: StreamMachine<In, Out>,
  source: AsyncIterable<In> | Iterable<In>,
): AsyncGenerator<Out[]> {
  for await (const input of source) {
    const out = machine.push(input);
    if (out.length > 0) yield out;
  }
  const rest = machine.end();
  if (rest.length > 0) yield rest;
}

/** Runs a machine over an async source, one output at a time. */
export async function* runMachine<In, Out>(
  machine: StreamMachine<In, Out>,
  source: AsyncIterable<In> | Iterable<In>,
): AsyncGenerator<Out> {
  for await (const batch of runMachineBatches(machine, source)) yield* batch;
}

/** Runs a machine over a complete input. */
export function runMachineSync<In, Out>(machine: StreamMachine<In, Out>, inputs: Iterable<In>): Out[] {
  const out: Out[] = [];
  for (const input of inputs) out.push(...machine.push(input));
  out.push(...machine.end());
  return out;
}

/** Chains two machines: the outputs of the first feed the second. */
export function pipeMachines<A, B, C>(first: StreamMachine<A, B>, second: StreamMachine<B, C>): StreamMachine<A, C> {
  const feed = (items: B[]): C[] => {
    const out: C[] = [];
    for (const item of items) out.push(...second.push(item));
    return out;
  };
  return {
    push: (input) => feed(first.push(input)),
    end: () => [...feed(first.end()), ...second.end()],
  };
}

/** Wraps a machine as a web `TransformStream`, for library users in browsers and edge runtimes. */
export function machineTransformStream<In, Out>(machine: StreamMachine<In, Out>): TransformStream<In, Out> {
  return new TransformStream<In, Out>({
    transform(chunk, controller) {
      for (const out of machine.push(chunk)) controller.enqueue(out);
    },
    flush(controller) {
      for (const out of machine.end()) controller.enqueue(out);
    },
  });
}
