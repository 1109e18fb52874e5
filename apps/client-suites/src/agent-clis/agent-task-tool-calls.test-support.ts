import type { IrTool } from '@interlingua/ir';

/**
 * The calls the agent-task upstream makes for each step of the task (read a file, write a file, run
 * a command) with whatever tools the agent offers, found by their names and filled by their
 * parameters' names and schemas.
 */

/** What the task reads, writes and runs, in the agent's working directory. */
export interface TaskSteps {
  /** Absolute path of the agent's working directory. */
  dir: string;
  /** The file the model reads (its contents are the secret the answer must repeat). */
  readFile: string;
  /** The file the model writes, and what it writes. */
  writeFile: string;
  writeText: string;
  /** The command the model runs (its output is repeated in the answer). */
  command: string;
}

/** A tool offered by the agent whose name matches, with its parameter names. */
function findTool(tools: readonly IrTool[], names: RegExp): IrTool | undefined {
  return tools.find((tool) => names.test(tool.name));
}

function properties(tool: IrTool): Record<string, { type?: unknown; enum?: unknown[] }> {
  return ((tool.parameters?.properties as Record<string, { type?: unknown }> | undefined) ?? {}) as Record<
    string,
    { type?: unknown; enum?: unknown[] }
  >;
}

function required(tool: IrTool): string[] {
  return (tool.parameters?.required as string[] | undefined) ?? [];
}

/** Arguments for `tool` filling its path, content and command parameters (found by name) and any other required one. */
function argumentsFor(
  tool: IrTool,
  values: { path?: string; content?: string; command?: string },
): Record<string, unknown> {
  const props = properties(tool);
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) {
    if (values.path !== undefined && /path|file/i.test(name) && !/paths/i.test(name)) args[name] = values.path;
    else if (values.content !== undefined && /^content$|^contents$|^text$/i.test(name)) args[name] = values.content;
    else if (values.command !== undefined && /^(command|cmd)$/i.test(name))
      args[name] = schema.type === 'array' ? ['bash', '-lc', values.command] : values.command;
  }
  for (const name of required(tool)) {
    if (name in args) continue;
    const schema = props[name] ?? {};
    if (Array.isArray(schema.enum)) args[name] = schema.enum[0];
    else if (schema.type === 'boolean') args[name] = false;
    else if (schema.type === 'number' || schema.type === 'integer') args[name] = 1;
    else args[name] = `step of the scripted task (${name})`;
  }
  return args;
}

const READ_TOOL = /^(read|read_file|Read|view)$/;
const WRITE_TOOL = /^(write|write_file|Write|create_file)$/;
const SHELL_TOOL = /^(bash|Bash|run_shell_command|exec_command|shell|shell_command)$/;

/** The call of step `index` (0 read, 1 write, 2 run) with the agent's own tools, or undefined when it offers none fit. */
export function stepCall(
  task: TaskSteps,
  tools: readonly IrTool[],
  index: number,
  /** How many times the command already ran without printing (an agent's shell can lose the output). */
  rerun = 0,
): { name: string; args: Record<string, unknown> } | undefined {
  const shell = findTool(tools, SHELL_TOOL);
  const readPath = `${task.dir}/${task.readFile}`;
  const writePath = `${task.dir}/${task.writeFile}`;
  if (index === 0) {
    const read = findTool(tools, READ_TOOL);
    if (read) return { name: read.name, args: argumentsFor(read, { path: readPath }) };
    if (shell) return { name: shell.name, args: argumentsFor(shell, { command: `cat ${readPath}` }) };
  }
  if (index === 1) {
    const write = findTool(tools, WRITE_TOOL);
    if (write) return { name: write.name, args: argumentsFor(write, { path: writePath, content: task.writeText }) };
    if (shell)
      return {
        name: shell.name,
        args: argumentsFor(shell, { command: `printf '%s' '${task.writeText}' > ${writePath}` }),
      };
  }
  // A model whose command printed nothing tries again with a changed call, as agents refuse to run
  // the very same call twice (qwen-code halts the run on it).
  const command = rerun === 0 ? task.command : `${task.command} # again (${rerun})`;
  if (index === 2 && shell) return { name: shell.name, args: argumentsFor(shell, { command }) };
  return undefined;
}
