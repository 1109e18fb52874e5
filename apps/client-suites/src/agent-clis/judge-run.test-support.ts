import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { CliId } from './agent-clis.test-support.js';
import { ANSWER_HEAD, type AgentTask, type UpstreamTurn } from './agent-task-upstream.test-support.js';
import type { CliOutcome } from './run-cli.test-support.js';

export interface AgentCliCell {
  cli: CliId;
  upstream: GenerationStyle;
  feature: 'task' | 'signatures' | 'compaction';
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

/** What kept the run from finishing the task (empty when it finished it). */
function taskProblems(run: RunRecord): string[] {
  const { task, secret, outcome, turns, written } = run;
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
  return problems;
}

/** The verdicts of one run: the task, and the signatures the upstream minted coming back. */
export function judgeRun(run: RunRecord): AgentCliCell[] {
  const { cli, wire, turns } = run;
  const base = { cli, upstream: wire };
  const problems = taskProblems(run);
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

/**
 * The verdict of a run made to compact: the agent asked for a summary (or, for Codex on an OpenAI
 * Responses upstream, sent the remote compaction trigger), a later request carried that summary
 * (for Codex: the sealed `compaction` item came back and was opened), and the task still finished.
 */
export function judgeCompaction(run: RunRecord): AgentCliCell {
  const base = { cli: run.cli, upstream: run.wire, feature: 'compaction' as const };
  const summary = run.turns.findIndex((turn) => turn.step === 'summary' && turn.status === 200);
  const problems: string[] = [];
  if (summary < 0) problems.push('the session never compacted (no summary was asked of the upstream)');
  else if (run.cli.startsWith('codex') && !run.turns[summary]?.remote)
    problems.push('Codex compacted locally instead of remotely (remote compaction v2)');
  else if (!run.turns.slice(summary + 1).some((turn) => turn.afterSummary && turn.step !== 'summary'))
    problems.push('no request after the compaction carried its summary');
  problems.push(...taskProblems(run));
  return problems.length === 0 ? { ...base, status: 'pass' } : { ...base, status: 'fail', note: problems.join('; ') };
}
