import { connectSdkClient, firstText } from '../mcp-sdk-client.test-support.js';

/**
 * One SDK client session driven through a load balancer: `calls` MCP requests one after another
 * (a `tools/list` every tenth, `everything__echo` otherwise), recording which instance answered
 * each HTTP exchange (HAProxy's `x-interlingua-instance`), with `kill` called once after `killAfter`
 * requests on the instance that answered `initialize` (the one that issued the session id).
 */
export interface SessionDrive {
  url: string;
  key: string;
  calls: number;
  killAfter: number;
  /** Kills the named instance (HAProxy's server name, without `-backup`). */
  kill(instance: string): Promise<void>;
  /** The echo tool's name at `url`. */
  echo: string;
}

export interface SessionFigures {
  calls: number;
  errors: string[];
  hitsBefore: Map<string, number>;
  hitsAfter: Map<string, number>;
  killed: string;
  /** The instance that answered `initialize`. */
  issuedBy: string;
  /** `kept` (one id throughout), `changed`, or `none` (a stateless gateway gives none). */
  session: 'kept' | 'changed' | 'none';
  /** The session's id, when the gateway gave one. */
  sessionId: string | undefined;
  seconds: number;
}

const instanceOf = (answer: string): string => answer.replace(/-backup$/, '');

export async function driveMcpSession(drive: SessionDrive): Promise<SessionFigures> {
  const answeredBy: string[] = [];
  const sdk = await connectSdkClient(drive.url, drive.key, {
    onResponse: (response) => answeredBy.push(response.headers.get('x-interlingua-instance') ?? '?'),
  });
  const sessionId = sdk.transport.sessionId;
  const figures: SessionFigures = {
    calls: drive.calls,
    errors: [],
    hitsBefore: new Map(),
    hitsAfter: new Map(),
    killed: '',
    issuedBy: instanceOf(answeredBy[0] ?? ''),
    session: 'none',
    sessionId,
    seconds: 0,
  };
  const started = Date.now();
  try {
    for (let call = 0; call < drive.calls; call++) {
      if (call === drive.killAfter) {
        // The instance that issued the session id dies with whatever it held of the session.
        figures.killed = figures.issuedBy;
        await drive.kill(figures.killed);
      }
      const before = answeredBy.length;
      figures.errors.push(...(await oneRequest(sdk.client, drive.echo, call)));
      const hits = call < drive.killAfter ? figures.hitsBefore : figures.hitsAfter;
      for (const answer of answeredBy.slice(before))
        hits.set(instanceOf(answer), (hits.get(instanceOf(answer)) ?? 0) + 1);
    }
  } finally {
    if (sessionId !== undefined) figures.session = sdk.transport.sessionId === sessionId ? 'kept' : 'changed';
    await sdk.close();
  }
  figures.seconds = (Date.now() - started) / 1000;
  return figures;
}

type Client = Awaited<ReturnType<typeof connectSdkClient>>['client'];

async function oneRequest(client: Client, echo: string, call: number): Promise<string[]> {
  try {
    if (call % 10 === 9) {
      const { tools } = await client.listTools();
      return tools.some((tool) => tool.name === echo) ? [] : [`request ${call}: ${echo} not listed`];
    }
    const result = await client.callTool({ name: echo, arguments: { message: `call ${call}` } });
    return firstText(result) === `Echo: call ${call}` ? [] : [`request ${call}: ${JSON.stringify(result)}`];
  } catch (error) {
    return [`request ${call}: ${String(error)}`];
  }
}

/** The figures as a Markdown table. */
export function sessionFiguresTable(figures: SessionFigures): string {
  const hits = (map: Map<string, number>): string =>
    [...map]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
  return [
    '| figure | value |',
    '| --- | --- |',
    `| MCP requests (tools/call, every tenth tools/list) | ${figures.calls} |`,
    `| errors | ${figures.errors.length} |`,
    `| HTTP answers per instance before the SIGKILL | ${hits(figures.hitsBefore)} |`,
    `| session id issued by | ${figures.issuedBy} |`,
    `| SIGKILL | ${figures.killed} |`,
    `| HTTP answers per instance after it | ${hits(figures.hitsAfter)} |`,
    `| MCP session id | ${figures.session} |`,
    `| seconds | ${figures.seconds.toFixed(1)} |`,
  ].join('\n');
}
