import { fileURLToPath } from 'node:url';

/**
 * @typedef {'quick' | 'default' | 'full'} BenchScale
 *
 * @typedef {object} ScaleSettings
 * @property {number} rounds ABBA rounds per scenario: each is one forward and one reverse pass over the targets.
 * @property {number} slowRounds ABBA rounds for the 1,000-slow-streams scenario (each pass lasts a few seconds).
 * @property {number} warmupMs Load on each target before a scenario's first pass (JIT warm-up).
 * @property {number} sampleWarmupMs Start of every sample excluded from its figures.
 * @property {number} sampleMs Measured window of a sample (fast scenarios).
 * @property {number} pacedSampleMs Measured window of a sample (paced streams, which last ~0.5 s each).
 * @property {number} soakRequests Requests in the RSS soak ("RSS growth over 10,000 requests").
 * @property {number} slowStreams Streams held open at once in the slow-streams scenario.
 *
 * @typedef {object} BenchSettings
 * @property {BenchScale} scale
 * @property {ScaleSettings} sizes
 * @property {string[] | undefined} scenarios Scenario ids to run (all when undefined).
 * @property {boolean} build Build the gateway first (`pnpm --filter @interlingua/gateway build`).
 * @property {boolean} profile Profile the gateway (`--cpu-prof`) instead of running the comparison.
 * @property {string} repoRoot
 * @property {string} outDir Where results go (`bench/results/`).
 * @property {string} gatewayLog Where the gateway's stdout (its request log) goes.
 * @property {{ ttftMs: number; chunks: number; gapMs: number }} paced The realistic-pace stream profile.
 */

/** @type {Record<BenchScale, ScaleSettings>} */
const SCALES = {
  quick: {
    rounds: 1,
    slowRounds: 1,
    warmupMs: 300,
    sampleWarmupMs: 100,
    sampleMs: 300,
    pacedSampleMs: 800,
    soakRequests: 2_000,
    slowStreams: 300,
  },
  default: {
    rounds: 3,
    slowRounds: 3,
    warmupMs: 600,
    sampleWarmupMs: 150,
    sampleMs: 500,
    pacedSampleMs: 1_000,
    soakRequests: 10_000,
    slowStreams: 1_000,
  },
  full: {
    rounds: 5,
    slowRounds: 3,
    warmupMs: 1_500,
    sampleWarmupMs: 300,
    sampleMs: 2_000,
    pacedSampleMs: 4_000,
    soakRequests: 50_000,
    slowStreams: 1_000,
  },
};

/**
 * Reads the settings from the environment and the command line.
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} argv
 * @returns {BenchSettings}
 */
export function readSettings(env, argv) {
  const scale = /** @type {BenchScale} */ (env.BENCH_SCALE ?? 'default');
  if (!(scale in SCALES))
    throw new Error(`BENCH_SCALE must be one of ${Object.keys(SCALES).join(', ')}; got "${scale}"`);
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
  const scenarios = env.BENCH_SCENARIOS
    ? env.BENCH_SCENARIOS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
  return {
    scale,
    sizes: { ...SCALES[scale], ...numberOverride(env.BENCH_ROUNDS, 'rounds') },
    scenarios,
    build: env.BENCH_BUILD !== '0',
    profile: argv.includes('--profile') || argv.includes('profile') || env.BENCH_PROFILE === '1',
    repoRoot,
    outDir: env.BENCH_OUT ?? `${repoRoot}/bench/results`,
    gatewayLog: env.BENCH_GATEWAY_LOG ?? '/dev/null',
    paced: {
      ttftMs: positive(env.BENCH_PACED_TTFT_MS, 100),
      chunks: positive(env.BENCH_PACED_CHUNKS, 25),
      gapMs: positive(env.BENCH_PACED_GAP_MS, 15),
    },
  };
}

/**
 * @param {string | undefined} value
 * @param {string} field
 * @returns {Partial<ScaleSettings>}
 */
function numberOverride(value, field) {
  if (value === undefined) return {};
  return { [field]: positive(value, 1) };
}

/**
 * @param {string | undefined} value
 * @param {number} fallback
 */
function positive(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`expected a non-negative number, got "${value}"`);
  return number;
}

/** Usage text for `--help`. */
export const USAGE = `pnpm bench [--profile]

Environment:
  BENCH_SCALE=quick|default|full   size of the run (default: a few minutes on 2 cores)
  BENCH_SCENARIOS=a,b              only these scenario ids
  BENCH_ROUNDS=N                   ABBA rounds per scenario
  BENCH_BUILD=0                    use the existing apps/gateway/dist build
  BENCH_OUT=dir                    results directory (default bench/results)
  BENCH_GATEWAY_LOG=file           the gateway's request log (default /dev/null)
  BENCH_GATEWAY_NODE_ARGS="..."    node options for the gateway process only (A/B of V8 settings)
  BENCH_PACED_TTFT_MS / BENCH_PACED_CHUNKS / BENCH_PACED_GAP_MS   realistic-pace stream profile
  BENCH_PROFILE=1 (or --profile)   profile the gateway with --cpu-prof on fast-path scenarios
  BENCH_ALLOC=1                    bytes allocated per request by function (sampling heap profile)
                                   and GCs per 10k requests: BENCH_ALLOC_SCENARIO (chat-c50),
                                   BENCH_ALLOC_REQUESTS (10000), BENCH_ALLOC_GATEWAY_ROOT (another
                                   built checkout, started with its own bench's config)
`;
