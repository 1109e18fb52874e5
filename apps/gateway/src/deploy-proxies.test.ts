// The sample proxies under deploy/ (nginx, HAProxy): the public listener keeps the operator's side
// (/admin, /console, /metrics) away in every spelling the gateway's routes accept, the operators'
// listener is on loopback, access logs leave out query strings (a Gemini client's ?key=), and the
// nginx upstream shown in docs/scaling.md is the sample file's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
const nginx = repo('deploy/nginx/interlingua.conf');
const haproxy = repo('deploy/haproxy/haproxy.cfg');

/** The lines of a config without comments and blank lines, each trimmed. */
function directives(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

/** The text of each nginx `server { … }` block. */
function nginxServers(text: string): string[] {
  const servers: string[] = [];
  for (const match of text.matchAll(/^server \{$/gm)) {
    let depth = 0;
    for (let i = match.index; i < text.length; i++) {
      if (text[i] === '{') depth++;
      if (text[i] === '}' && --depth === 0) {
        servers.push(text.slice(match.index, i + 1));
        break;
      }
    }
  }
  return servers;
}

const operatorPaths = [
  '/admin',
  '/admin/keys',
  '/Admin/keys',
  '/console',
  '/console/',
  '/CONSOLE/app.js',
  '/metrics',
  '/metrics/',
  '/METRICS',
];
const publicPaths = ['/v1/chat/completions', '/v1beta/models/x:generateContent', '/health', '/ready', '/administrator'];

/** Whether `regex` (as the proxy reads it: case-insensitive) covers every operator path and no public one. */
function expectOperatorSideOnly(regex: RegExp): void {
  for (const path of operatorPaths) expect(regex.test(path), path).toBe(true);
  for (const path of publicPaths) expect(regex.test(path), path).toBe(false);
}

describe('deploy/nginx/interlingua.conf', () => {
  const [publicServer, operatorServer, ...others] = nginxServers(nginx);

  it('answers 404 for the operator side on the public listener only', () => {
    expect(others).toEqual([]);
    expect(publicServer).toMatch(/listen 8080;/);
    const location = /location ~\* (\S+) \{\s*return 404;\s*\}/.exec(publicServer!);
    expect(location, 'a case-insensitive location answering 404').not.toBeNull();
    expectOperatorSideOnly(new RegExp(location![1]!, 'i'));
    expect(operatorServer).toMatch(/listen 127\.0\.0\.1:\d+;/);
    expect(operatorServer).not.toMatch(/return 404/);
  });

  it('logs requests without their query string', () => {
    const format = /log_format interlingua ([^;]+);/.exec(nginx)?.[1];
    expect(format).toContain('$uri');
    for (const variable of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$is_args'])
      expect(format).not.toContain(variable);
    const accessLogs = directives(nginx).filter((line) => line.startsWith('access_log'));
    expect(accessLogs).toHaveLength(2);
    for (const line of accessLogs) expect(line).toMatch(/ interlingua;$/);
  });

  it('is the upstream docs/scaling.md shows, directive for directive', () => {
    const block = /```nginx\n([\s\S]*?)```/.exec(repo('docs/scaling.md'))?.[1];
    expect(block).toBeDefined();
    const sample = new Set(directives(nginx));
    for (const line of directives(block!)) expect(sample, line).toContain(line);
  });
});

describe('deploy/haproxy/haproxy.cfg', () => {
  const lines = directives(haproxy);
  const section = (name: string) => {
    const start = lines.indexOf(name);
    const end = lines.findIndex((line, i) => i > start && /^(frontend|backend|defaults|global)\b/.test(line));
    return lines.slice(start + 1, end === -1 ? undefined : end);
  };

  it('answers 404 for the operator side on the public frontend, and serves it on the operators’ one', () => {
    const publicFrontend = section('frontend interlingua');
    expect(publicFrontend).toContain('bind "${INTERLINGUA_LB_BIND}"');
    const deny = publicFrontend.find((line) => line.startsWith('http-request deny deny_status 404'));
    const regex = /\{ path -i -m reg (\S+) \}/.exec(deny ?? '')?.[1];
    expect(regex, 'a case-insensitive path rule').toBeDefined();
    expectOperatorSideOnly(new RegExp(regex!, 'i'));
    const operators = section('frontend interlingua-operators');
    expect(operators).toContain('bind "${INTERLINGUA_LB_OPERATOR_BIND}"');
    expect(operators.some((line) => line.startsWith('http-request deny'))).toBe(false);
  });

  it('logs nothing with a query string', () => {
    expect(lines.some((line) => /option httplog|%HU|%r\b|%HQ/.test(line))).toBe(false);
  });
});
