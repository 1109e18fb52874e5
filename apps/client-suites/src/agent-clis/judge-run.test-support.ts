import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { CliId } from './agent-clis.test-support.js';
import { ANSWER_HEAD, type AgentTask, type UpstreamTurn } from './agent-task-upstream.test-support.js';
import type { CliOutcome } from './run-cli.test-support.js';

export interface AgentCliCell {
  cli: CliId;
  upstream: GenerationStyle;
  feature: 'task' | 'signatures';
  status: 'pass' | 'fail' | 'n/a' | 'limit';
  note?: string;
}

/** The task of one run: read notes.txt (holding the secret), write answer.txt, count its bytes. */
export function taskFor(dir: string, secret: string): AgentTask {
  return {
    dir,
    readFile: 'notes.txt',
    writeFile: 'answer.txt',
    writeText: `the secret word is ${secret}`,
    command: `wc -c ${dir}/answer.txt | awk '{print $1 " bytes written"}'`,
  };
}

/** Steps of the task that think and sign before the answer (read, write, run). */
const SIGNED_STEPS = 3;

/** The first line of the CLI's output that reports a failure, with the run's own paths and numbers taken out. */
function failureLine(outcome: CliOutcome, root: string): string {
  const lines = `${outcome.stdout}\n${outcome.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /error|fail|invalid|refus|denied|not supported|unsupported/i.test(line));
  const line = lines[0] ?? (outcome.timedOut ? 'the CLI did not finish in time' : `exit code ${String(outcome.code)}`);
  return line.split(root).join('<dir>').slice(0, 300);
}

export interface RunRecord {
  cli: CliId;
  wire: GenerationStyle;
  task: AgentTask;
  secret: string;
  outcome: CliOutcome;
  turns: readonly UpstreamTurn[];
  written: string | undefined;
  /** WebSocket upgrades the gateway saw during the run, and whether the CLI must use the WebSocket. */
  upgrades: number;
  websocket: boolean | undefined;
  /** The run's scratch folder (left out of notes). */
  root: string;
}

/** The verdicts of one run: the task, and the signatures the upstream minted coming back. */
export function judgeRun(run: RunRecord): AgentCliCell[] {
  const { cli, wire, task, secret, outcome, turns, written } = run;
  const base = { cli, upstream: wire };
  const steps = turns.filter((turn) => turn.step === 'read' || turn.step === 'write' || turn.step === 'run');
  const answered = turns.some((turn) => turn.step === 'answer');
  const problems: string[] = [];
  if (outcome.code !== 0) problems.push(failureLine(outcome, run.root));
  else if (steps.length < SIGNED_STEPS)
    problems.push(`the model was asked ${steps.length} of ${SIGNED_STEPS} tool steps`);
  else if (written !== task.writeText) problems.push('answer.txt does not hold what the model wrote');
  else if (!answered || !outcome.stdout.includes(ANSWER_HEAD) || !outcome.stdout.includes(secret))
    problems.push("the CLI did not print the model's answer");
  else if (run.websocket === true && run.upgrades === 0) problems.push('the CLI never opened the Responses WebSocket');
  else if (run.websocket === false && run.upgrades > 0) problems.push('the CLI opened a WebSocket in HTTP mode');
  const taskCell: AgentCliCell = {
    ...base,
    feature: 'task',
    ...(problems.length === 0 ? { status: 'pass' } : { status: 'fail', note: problems.join('; ') }),
  };
  if (wire === 'openai-chat') return [taskCell, { ...base, feature: 'signatures', status: 'n/a' }];
  const last = turns.filter((turn) => turn.step === 'answer' || turn.status !== 200).at(-1);
  const altered = turns.find((turn) => turn.signatures.altered > 0);
  let signatures: AgentCliCell;
  if (altered)
    signatures = {
      ...base,
      feature: 'signatures',
      status: 'fail',
      note: 'an altered signature reached the upstream (400)',
    };
  else if (!last)
    signatures = { ...base, feature: 'signatures', status: 'fail', note: 'the task did not reach its answer' };
  else if (last.signatures.kept === SIGNED_STEPS && last.signatures.lost === 0)
    signatures = { ...base, feature: 'signatures', status: 'pass' };
  else
    signatures = {
      ...base,
      feature: 'signatures',
      status: 'fail',
      note: `${last.signatures.lost} of ${SIGNED_STEPS} signatures did not come back`,
    };
  return [taskCell, signatures];
}
