import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client set a run judges the gateway with. Node 20 runs the newest releases that still
 * support it (`node20`); Node 22 and newer run the current majors, installed beside them as npm
 * aliases named `<package>-next` (`node24`, the CI lane on Node 24 LTS).
 */
export type Lane = 'node20' | 'node24';

export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
export const LANE: Lane = NODE_MAJOR >= 22 ? 'node24' : 'node20';
export const LANE_TITLES: Record<Lane, string> = { node20: 'Node 20', node24: 'Node 24' };

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A client package as this lane loads it: the installed name and the real name and version. */
export interface LoadedPackage {
  name: string;
  version: string;
}

/** The package this lane uses for `name`: itself on Node 20, its `-next` alias on the current lane. */
export function lanePackage(name: string, nextAlias: string | undefined): LoadedPackage & { installedAs: string } {
  const installedAs = LANE === 'node24' && nextAlias ? nextAlias : name;
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'node_modules', installedAs, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: manifest.name, version: manifest.version, installedAs };
}
